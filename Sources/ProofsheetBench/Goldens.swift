import Foundation
import Proofsheet
import ProofsheetCairo

/// The goldens benchmark: bytes of the examples' goldens as a check records them (compression
/// `small`, with the environment chunk), a still's and a timeline's, at scale 1 and 2: each key
/// instant in its own file (golden format 1) against one file per timeline (format 2), and the
/// time to write and read back the format-2 files.
func goldensBenchmark(scales: [Double]) throws {
    let renderer = try Renderer()
    let device = try Device.named("iPhone 14")
    let scenesFolder = Resources.assetsDirectory.map { $0 + "/Scenes" } ?? "Assets/Scenes"
    let files = try FileManager.default.contentsOfDirectory(atPath: scenesFolder).filter { $0.hasSuffix(".json") }.sorted()
    let chunk = GoldenNames.chunkText(renderer.environment(version: "bench"))
    func golden(_ image: RGBAImage) throws -> Int {
        PNGText.inserting(EnvironmentFingerprint.pngKeyword, chunk, into: try PNGCodec.encode(image, compression: .small)).count
    }
    for scale in scales {
        print("")
        print("Goldens of the examples on an iPhone 14 at scale \(Int(scale)) (bytes as check records them)")
        var stills = 0, stillBytes = 0
        var timelines = 0, instants = 0, distinct = 0, oneBytes = 0, twoBytes = 0
        var write = 0.0, read = 0.0
        var biggest: (name: String, instants: Int, one: Int, two: Int)?
        for file in files {
            let template = try SceneDecoder().template(file: scenesFolder + "/" + file).on(device)
            for still in template.stills.isEmpty ? [nil] : template.stills.map(\.name) as [String?] {
                var scene = try template.scene(still: still).on(device)
                scene.scale = scale
                stillBytes += try golden(try renderer.image(of: try renderer.layout(scene), scene: scene))
                stills += 1
            }
            for timeline in template.timelines.map(\.name) {
                let recording = try renderer.record(
                    template, timeline: timeline, framing: TimelineFraming(device: device, scale: scale, chrome: nil, variant: .none))
                let times = recording.keyInstants.map(\.milliseconds)
                let images = try recording.images(at: times)
                let one = try images.reduce(0) { $0 + (try golden($1)) }
                var t0 = monotonicSeconds()
                let bytes = try TimelineGolden.encode(Array(zip(times, images)).map { ($0.0, $0.1) }, environment: chunk, compression: .small)
                write += monotonicSeconds() - t0
                t0 = monotonicSeconds()
                let back = try TimelineGolden.read(bytes, source: file)
                read += monotonicSeconds() - t0
                guard zip(times, images).allSatisfy({ back.image(at: $0.0)?.pixels == $0.1.pixels }) else {
                    throw ProofsheetError.internal("\(file) \(timeline): a frame read back differs")
                }
                timelines += 1
                instants += times.count
                distinct += Set(back.frames.values).count
                oneBytes += one
                twoBytes += bytes.count
                let name = "\((file as NSString).deletingPathExtension)/\(timeline)"
                if biggest == nil || one > biggest!.one { biggest = (name, times.count, one, bytes.count) }
            }
        }
        func mb(_ n: Int) -> String { String(format: "%6.1f MB", Double(n) / 1e6) }
        print("stills                      \(stills) goldens, \(mb(stillBytes)), \(stillBytes / max(1, stills) / 1000) KB each")
        print("timelines, a file per instant  \(mb(oneBytes))  (\(instants) files, \(oneBytes / max(1, timelines) / 1000) KB per timeline)")
        print(
            "timelines, a file per timeline \(mb(twoBytes))  (\(timelines) files, \(distinct) distinct frames, \(twoBytes / max(1, timelines) / 1000) KB per timeline)"
        )
        print(String(format: "  ratio                       %5.2f", Double(twoBytes) / Double(max(1, oneBytes))))
        if let b = biggest {
            print("largest: \(b.name), \(b.instants) instants   \(mb(b.one)) → \(mb(b.two))")
        }
        print(String(format: "write all files %.2f s, read back %.2f s (one thread)", write, read))
    }
}
