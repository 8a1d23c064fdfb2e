import Foundation
import Proofsheet
import ProofsheetPreview

/// `proofsheet preview <scene.json|folder>... [--port N] [--open]`: a live preview in the
/// browser, on 127.0.0.1, until interrupted.
func previewCommand(_ args: inout Arguments) throws -> Int32 {
    let portText = try args.value("--port")
    let open = args.flag("--open")
    let deviceNames = try args.values("--device")
    let scaleText = try args.value("--scale")
    let assetDirs = try args.values("--assets")
    let variants = try Variant.matrix(try variantValues(&args))
    let inputs = try args.positionals()
    guard !inputs.isEmpty else {
        throw ProofsheetError.usage("no scene file or folder given", hint: "proofsheet preview Assets/Scenes (or some scene files)")
    }
    let port = try portText.map { Int(try number($0, option: "--port", in: 0...65535, whole: true)) } ?? 0
    let scale = try scaleText.map { try number($0, option: "--scale", in: Scene.Limits.scaleRange) }
    var devices: [Device] = []
    for name in deviceNames {
        let d = try Device.named(name)
        guard !devices.contains(where: { $0.name == d.name }) else { throw ProofsheetError.usage("--device \(clipped(name)) is given twice") }
        devices.append(d)
    }
    let scenes = try previewScenes(inputs)
    let session = PreviewSession(
        scenes: scenes, devices: devices.map { $0 }, scale: scale ?? 2, variants: variants, renderer: try Renderer(assetRoots: assetDirs))
    let server = try PreviewServer(session: session, port: port)
    try server.start(assetFolders: assetDirs) { changed in
        let stamp = Date().formatted(.iso8601.time(includingFractionalSeconds: false).timeSeparator(.colon))
        FileHandle.standardError.write(Data("preview: \(stamp) read \(changed.map(visible).joined(separator: ", ")) again\n".utf8))
    }
    // Written at once (a script reads the address from a pipe).
    FileHandle.standardOutput.write(
        Data(
            ("Proofsheet preview of \(scenes.count) scene\(scenes.count == 1 ? "" : "s"): \(server.address)\n"
                + "(serving 127.0.0.1 only; the token in the address is needed; Ctrl-C stops)\n").utf8))
    if open {
        for opener in ["/usr/bin/xdg-open", "/usr/bin/open"] where FileManager.default.isExecutableFile(atPath: opener) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: opener)
            p.arguments = [server.address]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try? p.run()
            break
        }
    }
    // Until SIGINT or SIGTERM.
    signal(SIGINT, SIG_IGN)
    signal(SIGTERM, SIG_IGN)
    let stop = DispatchSemaphore(value: 0)
    let sources = [SIGINT, SIGTERM].map { sig -> DispatchSourceSignal in
        let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
        source.setEventHandler { stop.signal() }
        source.resume()
        return source
    }
    stop.wait()
    sources.forEach { $0.cancel() }
    server.stop()
    return 0
}

/// The scene files of `inputs`: each file named, and each folder's `.json` files that are
/// scenes (an object with a "canvas" or a "root"; component files and others are left out).
func previewScenes(_ inputs: [String]) throws -> [String] {
    var out: [String] = []
    for input in inputs {
        if FileOutput.isFolder(input) {
            let names = try FileManager.default.contentsOfDirectory(atPath: input).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
            for name in names {
                let path = (input as NSString).appendingPathComponent(name)
                guard FileOutput.isRegularFile(path), let data = FileManager.default.contents(atPath: path), data.count <= 16 << 20,
                    let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], object["canvas"] != nil || object["root"] != nil
                else { continue }
                out.append(path)
            }
        } else {
            guard FileOutput.exists(input) else {
                throw ProofsheetError.usage("\(clipped(input)): no such file or folder", hint: "give scene files (.json) or folders of them")
            }
            out.append(input)
        }
    }
    guard !out.isEmpty else { throw ProofsheetError.usage("no scene files in \(inputs.map(clipped).joined(separator: ", "))") }
    guard out.count <= 1000 else { throw ProofsheetError.usage("more than 1000 scene files", hint: "preview a folder of fewer") }
    return out
}
