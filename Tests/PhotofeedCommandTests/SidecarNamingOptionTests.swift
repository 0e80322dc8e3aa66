import Sidecars
import SystemPackage
import Testing

@testable import photofeed

/// `--sidecar-naming` (and the config key `sidecar-naming`): how a new sidecar is named, for
/// the editor the photographer goes on with.
@Suite("--sidecar-naming: NAME.EXT.xmp or NAME.xmp for a new sidecar")
struct SidecarNamingOptionTests {
    @Test func nameDotXMPIsChosenInEitherCaseAndNameDotExtDotXMPIsTheDefault() throws {
        // Given no flag, the flag as the guide spells it, and in capitals
        let plain = try ViewerOptions.parse([])
        let lightroom = try ViewerOptions.parse(["--sidecar-naming", "name.xmp"])
        let capitals = try ViewerOptions.parse(["--sidecar-naming=NAME.XMP", "--sidecar-dir", "/tmp"])
        // Then the sidecars' settings name a new sidecar so
        #expect(plain.sidecarSettings.naming == .nameWithExtension)
        #expect(lightroom.sidecarSettings.naming == .nameOnly)
        #expect(capitals.sidecarSettings.naming == .nameOnly && capitals.sidecarSettings.folder == FilePath("/tmp"))
        #expect(lightroom.sidecarSettings.naming.newName(for: "IMG_1.CR2") == "IMG_1.xmp")
    }

    @Test func theConfigFileNamesItAndAnotherValueIsRefusedInWords() throws {
        // Given the config file's catalogue (the flags' own)
        #expect(ConfigOptionCatalog.viewer.kinds["sidecar-naming"] == .option)
        // When a value that is neither is given
        var message = ""
        do {
            _ = try ViewerOptions.parse(["--sidecar-naming", "darktable"])
        } catch {
            message = ConfigOptionCatalog.sentence(for: error)
        }
        // Then the sentence names both values
        #expect(message.hasPrefix("--sidecar-naming must be name.ext.xmp or name.xmp"), "\(message)")
    }
}
