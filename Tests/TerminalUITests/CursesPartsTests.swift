import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TerminalUI

@Suite("Curses pure parts")
struct CursesPartsTests {
    @Test func nearest256PicksCubeOrGray() {
        #expect(XtermPalette.nearest256(red: 255, green: 0, blue: 0) == 196)
        #expect(XtermPalette.nearest256(red: 0, green: 0, blue: 0) == 16)
        #expect(XtermPalette.nearest256(red: 255, green: 255, blue: 255) == 231)
        #expect(XtermPalette.nearest256(red: 48, green: 48, blue: 48) == 236)
        #expect(XtermPalette.nearest256(red: 128, green: 128, blue: 128) == 244)
        // Every cube entry maps back to itself.
        for index in UInt8(16)...UInt8(231) {
            let rgb = XtermPalette.rgb(of: index)
            #expect(XtermPalette.nearest256(red: rgb.red, green: rgb.green, blue: rgb.blue) == index)
        }
    }

    @Test func nearestANSI() {
        #expect(XtermPalette.nearestANSI(red: 250, green: 10, blue: 10) == 9)
        #expect(XtermPalette.nearestANSI(red: 190, green: 0, blue: 0, count: 8) == 1)
    }

    @Test func colorNumbersPerCapability() {
        #expect(CursesScreen.colorNumber(.default, capability: .truecolor) == -1)
        #expect(CursesScreen.colorNumber(.rgb(255, 0, 0), capability: .truecolor) == 0xFF0000)
        #expect(CursesScreen.colorNumber(.rgb(0, 0, 1), capability: .truecolor) == 8)
        #expect(CursesScreen.colorNumber(.indexed(3), capability: .truecolor) == 3)
        #expect(CursesScreen.colorNumber(.indexed(196), capability: .truecolor) == 0xFF0000)
        #expect(CursesScreen.colorNumber(.rgb(255, 0, 0), capability: .palette256) == 196)
        #expect(CursesScreen.colorNumber(.indexed(196), capability: .ansi16) == 9)
        #expect(CursesScreen.colorNumber(.rgb(255, 0, 0), capability: .none) == -1)
    }

    @Test func pairsAreReusedAndEvictedLeastRecentlyUsedFirst() {
        var pairs = ColorPairAllocator(capacity: 3)
        #expect(pairs.pair(foreground: -1, background: -1) == (0, false))
        #expect(pairs.pair(foreground: 1, background: 2) == (1, true))
        #expect(pairs.pair(foreground: 3, background: 4) == (2, true))
        #expect(pairs.pair(foreground: 1, background: 2) == (1, false))
        #expect(pairs.pair(foreground: 5, background: 6) == (3, true))
        // Full: (3, 4) on pair 2 is the least recently used.
        #expect(pairs.pair(foreground: 7, background: 8) == (2, true))
        #expect(pairs.evictions == 1)
        #expect(pairs.count == 3)
        // The evicted combination needs a pair again.
        #expect(pairs.pair(foreground: 3, background: 4).isNew)
    }

    @Test func keyDecoding() {
        #expect(CursesKeyDecoder.decode(isKeyCode: false, value: 0x6A) == .event(.key(.character("j"))))
        #expect(CursesKeyDecoder.decode(isKeyCode: false, value: 0x0D) == .event(.key(.enter)))
        #expect(CursesKeyDecoder.decode(isKeyCode: false, value: 0x1B) == .event(.key(.escape)))
        #expect(CursesKeyDecoder.decode(isKeyCode: false, value: 0x0C) == .event(.key(.control("l"))))
        #expect(CursesKeyDecoder.decode(isKeyCode: false, value: 0x65E5) == .event(.key(.character("日"))))
        #expect(CursesKeyDecoder.decode(isKeyCode: false, value: 0x9B) == .ignored)
        #expect(CursesKeyDecoder.decode(isKeyCode: true, value: 0o402) == .event(.key(.down)))
        #expect(CursesKeyDecoder.decode(isKeyCode: true, value: 0o403) == .event(.key(.up)))
        #expect(CursesKeyDecoder.decode(isKeyCode: true, value: 0o522) == .event(.key(.pageDown)))
        #expect(CursesKeyDecoder.decode(isKeyCode: true, value: 0o523) == .event(.key(.pageUp)))
        #expect(CursesKeyDecoder.decode(isKeyCode: true, value: 0o406) == .event(.key(.home)))
        #expect(CursesKeyDecoder.decode(isKeyCode: true, value: 0o550) == .event(.key(.end)))
        #expect(CursesKeyDecoder.decode(isKeyCode: true, value: 0o412) == .event(.key(.function(2))))
        #expect(CursesKeyDecoder.decode(isKeyCode: true, value: 0o631) == .mouse)
        #expect(CursesKeyDecoder.decode(isKeyCode: true, value: 0o632) == .resize)
        #expect(CursesKeyDecoder.decodeMouse(buttonState: 0o2 << 15) == .mouseWheel(.up))
        #expect(CursesKeyDecoder.decodeMouse(buttonState: 0o2 << 20) == .mouseWheel(.down))
        #expect(CursesKeyDecoder.decodeMouse(buttonState: 0o1) == nil)
        #expect(CursesKeyDecoder.decodeMouse(buttonState: 0o2, row: 4, column: 9) == .mouseClick(CellPoint(row: 4, column: 9)))
        #expect(CursesKeyDecoder.decodeMouse(buttonState: 0o4, row: 0, column: 1) == .mouseClick(CellPoint(row: 0, column: 1)))
    }

    @Test func notATerminalIsAClearError() {
        // Given descriptors that are not terminals (a pipe)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        // When a curses screen is started on them
        #expect(throws: ScreenError.notATerminal) {
            _ = try CursesScreen(configuration: CursesScreenConfiguration(
                inputDescriptor: fds[0], outputDescriptor: fds[1], handlesSignals: false))
        }
        #expect(ScreenError.notATerminal.description.contains("snapshot"))
    }
}
