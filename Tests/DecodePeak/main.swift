import Foundation
import ImageCodecs
import Vocabulary

// Decodes one file and prints, as one JSON object, what the decode cost this process in peak
// resident memory. The tests that bound memory spawn it: its VmHWM is its own, so no other test
// (and no earlier peak) can hide or inflate the figure.
//
//     DecodePeak FILE [--target WxH] [--region WxH+X+Y] [--repeat N]
//     {"growth":1234,"milliseconds":12.5,"reset":true,"results":["ok 64x64","too many pixels"]}
//
// milliseconds: the mean time of one decode (a benchmark figure when built with -c release).
//
// growth = VmHWM after the decodes − VmRSS before them (after the file is read and the peak reset
// through /proc/self/clear_refs). When the reset is refused, growth is still an upper bound of
// the decodes' own growth (the peak may then be older); "reset" says which. Exit status 2 when
// the file cannot be read or /proc cannot be measured: a measurement that failed is never a pass.

/// One field of /proc/self/status in bytes ("VmHWM", "VmRSS"), or nil.
func statusBytes(_ field: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
        return kilobytes * 1024
    }
    return nil
}

func resetPeak() -> Bool {
    guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
    defer { try? handle.close() }
    return (try? handle.write(contentsOf: Data("5".utf8))) != nil
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("DecodePeak: \(message)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var target: PixelSize?
var region: PixelRect?
var repeats = 1
var path: String?
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--target":
        let parts = (arguments.isEmpty ? "" : arguments.removeFirst()).split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { fail("--target takes WxH") }
        target = PixelSize(width: parts[0], height: parts[1])
    case "--region":
        let text = arguments.isEmpty ? "" : arguments.removeFirst()
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "+" }).compactMap { Int($0) }
        guard parts.count == 4 else { fail("--region takes WxH+X+Y") }
        region = PixelRect(x: parts[2], y: parts[3], width: parts[0], height: parts[1])
    case "--repeat":
        guard let count = arguments.isEmpty ? nil : Int(arguments.removeFirst()), count > 0 else { fail("--repeat takes N > 0") }
        repeats = count
    default:
        path = argument
    }
}
guard let path, let data = FileManager.default.contents(atPath: path) else { fail("no readable file given") }
let bytes = [UInt8](data)
let reset = resetPeak()
guard let before = statusBytes("VmRSS") else { fail("/proc/self/status has no VmRSS") }
var results: [String] = []
let clock = ContinuousClock()
let started = clock.now
for _ in 0..<repeats {
    do {
        var options = DecodingOptions(targetSize: target)
        options.region = region
        let image = try ImageDecoder.decode(bytes, options: options)
        results.append("ok \(image.bitmap.width)x\(image.bitmap.height)")
    } catch let error as ImageCodecError {
        results.append("\(error.kind)")
    } catch {
        results.append("error")
    }
}
let elapsed = clock.now - started
guard let peak = statusBytes("VmHWM") else { fail("/proc/self/status has no VmHWM") }
let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
let report: [String: Any] = [
    "growth": peak - before, "reset": reset, "results": results, "milliseconds": milliseconds / Double(repeats),
]
guard let json = try? JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]) else { fail("no JSON") }
FileHandle.standardOutput.write(json + Data("\n".utf8))
