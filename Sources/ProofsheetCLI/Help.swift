/// The help texts, one per command.
enum Help {
    static let version = "proofsheet 0.1.0"

    static let main = """
    proofsheet — render SwiftUI-like scenes to PNG, SVG and PDF on Linux.

    USAGE: proofsheet <command> [options]

    COMMANDS:
      render     Render scene files to PNG, SVG or PDF
      layout     Print the layout tree (every view's frame) of a scene
      symbols    List the supported SF Symbol names
      devices    List the device presets

    OPTIONS:
      -h, --help     Show help (also `proofsheet <command> --help`)
      --version      Show the version

    EXIT CODES: 0 success, 1 a reported difference, 2 bad input or usage, 3 internal failure.
    """

    static let render = """
    Render scene files to PNG, SVG or PDF.

    USAGE: proofsheet render <scene.json>... [options]

    The format comes from the output's extension. Without -o each scene is written to
    <out-dir>/<scene name>.<format>.

    OPTIONS:
      -o, --output FILE        Output file (.png, .svg or .pdf); one scene only
      --out-dir DIR            Folder for outputs without -o (default: Output)
      --format png|svg|pdf     Format when no -o is given (default: png; repeatable)
      --device NAME            Render on this device preset instead of the scene's canvas
      --scale N                Pixels per point (default: the device's own, or the scene's)
      --assets DIR             Another folder to look up images in (repeatable)
      --png-compression fast|small
                               fast: deflate level 1 (default); small: deflate level 6, filter per row
      --display-list           Print the display list (text) instead of rendering
      -q, --quiet              No progress lines
      -h, --help               Show this help

    EXAMPLES:
      proofsheet render Assets/Scenes/travel-deck.json --device "iPhone 14" --scale 3 -o deck.png
      proofsheet render Assets/Scenes/*.json --format png --format svg
    """

    static let layout = """
    Print the layout tree of a scene: every view with its frame in points (x, y, width, height).

    USAGE: proofsheet layout <scene.json> [--device NAME] [--scale N] [--assets DIR]
    """

    static let symbols = """
    List the supported SF Symbol names (each drawn with a Material Icons substitute).

    USAGE: proofsheet symbols
    """

    static let devices = """
    List the device presets: name, size in points, scale, safe area top/bottom.

    USAGE: proofsheet devices
    """
}
