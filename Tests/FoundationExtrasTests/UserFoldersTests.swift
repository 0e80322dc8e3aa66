import FoundationExtras
import Testing

@Suite("The user's folders: one meaning of ~, $HOME and XDG_* everywhere")
struct UserFoldersTests {
    @Test("$HOME first, then the XDG variables when absolute, else their defaults under it")
    func folders() {
        // Given an environment with a HOME and a relative XDG_CONFIG_HOME (invalid: ignored)
        let folders = UserFolders(environment: ["HOME": "/home/me", "XDG_CACHE_HOME": "/fast/cache", "XDG_CONFIG_HOME": "rel"])
        // Then each folder is what the XDG specification says
        #expect(folders.home == "/home/me")
        #expect(folders.cacheHome == "/fast/cache")
        #expect(folders.configHome == "/home/me/.config")
        #expect(folders.dataHome == "/home/me/.local/share")
        #expect(folders.photofeedCache == "/fast/cache/photofeed")
        #expect(folders.photofeedConfig == "/home/me/.config/photofeed")
    }

    @Test("~, ~/x, $HOME/x, ${HOME}/x and $XDG_…_HOME/x expand; anything else stays")
    func expanding() {
        // Given a home that is not the password database's
        let folders = UserFolders(environment: ["HOME": "/tmp/person/", "XDG_DATA_HOME": "/data"])
        // Then every spelling of it means $HOME
        #expect(folders.expanding("~") == "/tmp/person/")
        #expect(folders.expanding("~/x") == "/tmp/person/x")
        #expect(folders.expanding("$HOME/x") == "/tmp/person/x")
        #expect(folders.expanding("${HOME}/x/y") == "/tmp/person/x/y")
        #expect(folders.expanding("$XDG_CACHE_HOME/photofeed") == "/tmp/person/.cache/photofeed")
        #expect(folders.expanding("${XDG_DATA_HOME}/Trash") == "/data/Trash")
        // And what is not a home stays as written
        #expect(folders.expanding("$HOMEWORK/x") == "$HOMEWORK/x")
        #expect(folders.expanding("${HOME/x") == "${HOME/x")
        #expect(folders.expanding("/abs/~") == "/abs/~")
        #expect(folders.expanding("$PATH/x") == "$PATH/x")
        #expect(folders.expanding("~no-such-user-pf/x") == "~no-such-user-pf/x")
        #expect(folders.expanding("~root/x") == "/root/x")
    }

    @Test("messages write the home as ~")
    func abbreviating() {
        let folders = UserFolders(environment: ["HOME": "/home/a"])
        #expect(folders.abbreviating("/home/a/.cache/photofeed") == "~/.cache/photofeed")
        #expect(folders.abbreviating("/home/ab/x") == "/home/ab/x")
        #expect(folders.abbreviating("/home/a") == "~")
    }
}
