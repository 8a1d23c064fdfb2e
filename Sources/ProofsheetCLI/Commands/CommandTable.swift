// The commands, declared once: each one's help, usage and options. Parsing (`Arguments`), `--help`,
// `proofsheet help CMD`, the README's synopsis and shell completion are made from these.

import Proofsheet
import ProofsheetMotion

extension CommandSpec {
    static let render = CommandSpec(
        name: "render", abstract: "Render scene files to PNG, SVG or PDF",
        about: """
            Render scene files to PNG, SVG or PDF.
            """,
        usage: ["proofsheet render <scene.json>... [options]"], usageIndent: 0,
        sections: [
            .text(
                """
                The format comes from the output's extension. Without -o each scene is written to
                <out-dir>/<scene name>.<format>, or <out-dir>/<scene name>.<still>.<format> for a still.
                """),
            .text(
                """
                A scene is a function of its state: --still picks one of its named states (see
                `proofsheet stills`), --set changes any state value over the defaults and the still.
                """),
            .options(
                "OPTIONS:", column: 27,
                [
                    OptionSpec("-o, --output FILE", "Output file (.png, .svg or .pdf); one scene only"),
                    OptionSpec("--out-dir DIR", "Folder for outputs without -o (default: Output)"),
                    OptionSpec("--format png|svg|pdf", "Format when no -o is given (default: png; repeatable)"),
                    OptionSpec(
                        "--device NAME",
                        """
                        Render on this device preset instead of the scene's canvas; a
                        name with " landscape" after it turns the device
                        """),
                    OptionSpec("--scale N", "Pixels per point (default: the device's own, or the scene's)"),
                    OptionSpec("--assets DIR", "Another folder to look up images in (repeatable)"),
                    OptionSpec(
                        "--png-compression fastest|fast|small",
                        """
                        How PNGs are compressed (default: fastest).
                        \(pngCompressionText)
                        """),
                    OptionSpec(
                        "--svg-text text|embed|outline",
                        """
                        How an SVG carries text (default: text): text is <text>
                        in the fonts' family names, selectable and editable; embed
                        adds the glyphs used as font subsets, so it draws the same
                        without the fonts; outline draws glyph outlines as paths
                        """),
                    OptionSpec("--display-list", "Print the display list (text) instead of rendering"),
                    OptionSpec("--still NAME", "Render the named still (see `proofsheet stills <scene>`)"),
                    OptionSpec(
                        "--all-stills",
                        """
                        Render every still of each scene (a scene without stills: its
                        default state); not with -o
                        """),
                    OptionSpec(
                        "--set NAME=VALUE",
                        """
                        Set a state value (repeatable; over the defaults and the still):
                        drag=120,0 (a size or point), drag.width=120, overlay=false,
                        top=3, phase=pressing (an enum case), drag=null (unset), or
                        any JSON value: drag={"width":120,"height":0}
                        """),
                    OptionSpec(
                        "-j, --jobs N",
                        """
                        States rendered at once (default: the processor count); the
                        bytes written are the same for any N
                        """),
                    OptionSpec("-q, --quiet", "No progress lines and no warnings"),
                    OptionSpec(
                        "--timeline NAME --at S",
                        """
                        One instant of a timeline, S seconds in (see `proofsheet frames
                        --help`); written to <out-dir>/<scene>.<timeline>@<ms>ms.<format>
                        """),
                    OptionSpec(
                        "--chrome on|off",
                        """
                        Draw the status bar (9:41, signal, Wi-Fi, battery) and, on
                        phones without a home button, the home indicator, as an iOS
                        screenshot shows them (default: the scene's "chrome" option,
                        off unless it sets it); needs a device
                        """),
                    .colorScheme, .dynamicType, .layoutDirection, .locale, .orientation, .variant,
                    OptionSpec(
                        "--device-frame",
                        """
                        Draw the device around the screen: its rounded corners
                        (transparent outside in PNG, clipped in SVG and PDF), the notch
                        or Dynamic Island and a bezel; not with --timeline
                        """),
                    OptionSpec(
                        "--overflow warn|error|ignore",
                        """
                        A view laid out past the space its parent gave it or past
                        the screen, named with the points it overflows by: a warning
                        (default), an error (nothing written, exit code 1), or
                        nothing. Offsets, rotations, scale effects, scroll content and
                        ignoresSafeArea are deliberate and never count
                        """),
                    OptionSpec("-h, --help", "Show this help")
                ]),
            .text(
                """
                EXAMPLES:
                  proofsheet render Assets/Scenes/travel-deck.json --device "iPhone 14" --scale 3 -o deck.png
                  proofsheet render Assets/Scenes/review.json --timeline appear --at 0.3 -o review-0.3s.png
                  proofsheet render Assets/Scenes/travel-deck.json --all-stills --out-dir Output/stills
                  proofsheet render Assets/Scenes/travel-deck.json --set drag=-120,0 -o left.png
                  proofsheet render Assets/Scenes/*.json --format png --format svg
                  proofsheet render Assets/Scenes/travel-deck.json --device "iPhone 15 Pro" --chrome on --device-frame -o framed.png
                """)
        ],
        refuses: ["--json"])

    static let layout = CommandSpec(
        name: "layout", abstract: "Print the layout tree (every view's frame) of a scene",
        about: """
            Print the layout tree of a scene: every view with its frame in points (x, y, width, height),
            snapped to the pixel grid of the scale, as it is drawn.
            """,
        usage: [
            "proofsheet layout <scene.json>... [--json] [--device NAME] [--scale N] [--assets DIR]",
            "[--still NAME | --all-stills] [--set NAME=VALUE]... [--jobs N]", "[--chrome on|off] [--device-frame]"
        ], usageIndent: 25,
        sections: [
            .options(
                "OPTIONS:", column: 27,
                [
                    OptionSpec(
                        "--json",
                        """
                        Print the tree as JSON: for each view its identity (its path in
                        the scene, e.g. /1/0[key]:2/overlay: child, ForEach key, modifier
                        counted from the view outwards, modifier content), name, id (if
                        set), frame {x, y, width, height} exact (not snapped), zIndex (if
                        not 0), effects (only those that change the drawing: offset,
                        scale, rotation, opacity, clip, shadow, blur, hidden) and
                        children, nested. Keys in that order; numbers in full precision
                        (the shortest form that reads back as the same number, whole
                        numbers without a fraction; null if not finite). With several
                        scenes, each document follows a "# <scene>" line
                        """),
                    .layOutOnDevice,
                    OptionSpec("--scale N", "Pixels per point (default: the device's own, or the scene's)"),
                    OptionSpec("--assets DIR", "Another folder to look up images in (repeatable)"),
                    OptionSpec("--still NAME, --all-stills, --set NAME=VALUE, -j/--jobs N", "Choose the state, as for `proofsheet render`"),
                    OptionSpec(
                        "--chrome on|off",
                        """
                        Include the status bar and home indicator (views under a
                        `screen` root, ids #statusBar, #time, #signal, #wifi, #battery,
                        #homeIndicator), as for `proofsheet render`
                        """),
                    .colorScheme, .dynamicType, .layoutDirection, .locale, .orientation, .variant,
                    OptionSpec(
                        "--device-frame",
                        """
                        Include the device frame (a `deviceFrame` root: the bezel, and
                        the screen moved in by the bezel)
                        """),
                    OptionSpec("-h, --help", "Show this help")
                ])
        ],
        refuses: [
            "-o", "--output", "--out-dir", "--format", "--png-compression", "--svg-text", "-q", "--quiet", "--overflow", "--display-list",
            "--timeline", "--at"
        ])

    static let contrast = CommandSpec(
        name: "contrast", abstract: "Check the contrast of every text against what is under it (WCAG)",
        about: """
            Lay out each scene and measure every text against what is drawn under it — fills,
            gradients, photos by their colours there, materials by their tint — by WCAG 2's
            contrast ratio, at the worst of a grid of points across the text. A text is large
            from 18 pt, or 14 pt bold: WCAG asks less of it. Exit code 1 when a text is below
            the level's least ratio.
            """,
        usage: [
            "proofsheet contrast <scene.json>... [--still NAME | --all-stills] [--set NAME=VALUE]",
            "[--device NAME] [--chrome on|off] [--level aa|aaa] [-q, --quiet]"
        ], usageIndent: 20,
        sections: [
            .options(
                "OPTIONS:", column: 27,
                [
                    OptionSpec("--still NAME, --all-stills, --set NAME=VALUE", "Choose the states, as for `proofsheet render`"),
                    .layOutOnDevice,
                    OptionSpec("--assets DIR", "Another folder to look up images in (repeatable)"),
                    OptionSpec("--chrome on|off", "Include the status bar's text, as for `proofsheet render`"),
                    .colorScheme, .dynamicType, .layoutDirection, .locale, .orientation, .variant,
                    OptionSpec(
                        "--level aa|aaa",
                        """
                        WCAG's level (default: aa): AA asks 4.5:1 of text and 3:1 of
                        large text, AAA 7:1 and 4.5:1
                        """),
                    OptionSpec("-q, --quiet", "Print only the texts below the level, and each scene's count")
                ])
        ])

    static let stills = CommandSpec(
        name: "stills", abstract: "List a scene's state and its named stills",
        about: """
            List each scene's state (name: type = default), its named stills with the values they
            set, and its timelines. Every still is instantiated, so a still that cannot be rendered
            is an error.
            """,
        usage: ["proofsheet stills <scene.json>... [--timelines]"], usageIndent: 0,
        sections: [
            .options(
                "OPTIONS:", column: 23,
                [
                    OptionSpec("--timelines", "Print only the timelines' names, one a line (for scripts)")
                ])
        ])

    static let diff = CommandSpec(
        name: "diff", abstract: "Compare two images (pixelmatch-compatible) with tolerances",
        about: """
            Compare two images, pixel by pixel, the way pixelmatch 7.1.0 does.
            """,
        usage: ["proofsheet diff <expected.png> <actual.png> [options]"], usageIndent: 0,
        sections: [
            .text(
                """
                Reads PNG (any bit depth and colour type) and JPEG. Exit code 0 when the difference is
                within the tolerance (by default: no differing pixel), 1 when it is not or the sizes
                differ, 2 for unreadable images or bad options.
                """),
            .options(
                "PIXELMATCH OPTIONS (same defaults):", column: 27,
                [
                    OptionSpec("--threshold T", "Colour distance threshold 0…1 (default 0.1; smaller is stricter)"),
                    OptionSpec("--include-aa", "Count anti-aliased pixels as differences"),
                    OptionSpec("--alpha A", "Opacity of the unchanged image in the diff output (default 0.1)"),
                    OptionSpec("--aa-color r,g,b", "Colour of anti-aliased pixels (default 255,255,0)"),
                    OptionSpec("--diff-color r,g,b", "Colour of differing pixels (default 255,0,0)"),
                    OptionSpec("--diff-color-alt r,g,b", "Colour of pixels that got darker (default: --diff-color)"),
                    OptionSpec("--diff-mask", "Draw only the differences, on transparency")
                ]),
            .options(
                "BEYOND PIXELMATCH:", column: 27,
                [
                    OptionSpec("--max-diff-pixels N", "Pass with at most N differing pixels"),
                    OptionSpec("--max-diff-ratio R", "Pass with at most this fraction (0…1) of pixels differing"),
                    OptionSpec("--ignore x,y,w,h", "Leave a rectangle out (pixels; repeatable)"),
                    OptionSpec("--mask FILE", "Leave out pixels where this image is visible and not black"),
                    OptionSpec("-o, --output FILE", "Write the diff image (.png)"),
                    OptionSpec(
                        "--panels FILE",
                        """
                        Write expected | diff | actual side by side (.png)
                        (shrunk to fit --limit image-pixels when larger)
                        """),
                    OptionSpec(
                        "--png-compression fastest|fast|small",
                        """
                        How -o and --panels are compressed (default: fastest).
                        \(pngCompressionText)
                        """),
                    OptionSpec(
                        "--json",
                        """
                        Print one JSON object: passed, mismatched, total, ratio, width,
                        height, ignored, reason, tolerance (and both sizes if they differ)
                        """),
                    OptionSpec("-h, --help", "Show this help")
                ])
        ])

    static let check = CommandSpec(
        name: "check", abstract: "Render scenes and compare them with golden images (CI)",
        about: """
            Render scenes and compare them with golden images, for CI.
            """,
        usage: ["proofsheet check [<scene.json>...] [--golden DIR] [options]"], usageIndent: 0,
        sections: [
            .text(
                """
                A scene with stills is checked at each still, a scene without at its default state.
                Goldens live at DIR/<scene>/<still>/<variant>.png, where <scene> is the scene file's
                path below the project root (the folder of proofsheet.json, or the working directory)
                without extension, <still> is `default` for a scene without stills, and <variant> is
                <device>@<scale>x, then +chrome, +frame, +dark, +rtl, the text size (+ax3), the locale
                (+de) and the accessibility settings, in that order (iphone-14@3x+chrome+dark+ax3).
                A timeline's key instants are one file, DIR/<scene>/<timeline>@timeline/<variant>.png.
                The comparison is exact by default: every pixel equal, anti-aliasing included; a pass
                within a tolerance opted into is reported as "passed within tolerance", with its diff.
                A scene that cannot be read is that scene's error; the others are still checked.
                Goldens nothing produces any more are listed as orphans: a warning, a failure with
                --strict, deleted with --prune. Exit code 0 when every image matches, 1 when any
                differs, is missing or was recorded, 2 for bad input (a scene or golden that cannot be
                read), 3 for an internal failure: the worst outcome of all images.
                """),
            .options(
                "PROJECT:", column: 27,
                [
                    OptionSpec(
                        "--config FILE",
                        """
                        The project configuration (default: proofsheet.json in the
                        working directory or the nearest folder above, up to the
                        repository root, the folder holding .git): scene globs,
                        golden folder, devices, scales, assets, tolerances, ignores,
                        masks and per-scene and per-still overrides. Options given
                        here win; scenes given here replace its globs
                        """),
                    OptionSpec("--no-config", "Do not look for proofsheet.json")
                ]),
            .options(
                "OPTIONS:", column: 27,
                [
                    OptionSpec("--golden DIR", "The golden images' folder (required without a configuration)"),
                    OptionSpec(
                        "--record MODE",
                        """
                        all: rewrite every golden (exit 0, "recorded"); failed:
                        rewrite failing ones (exit 1); missing: record absent ones
                        (exit 1, naming them); never: write nothing, an absent golden
                        fails. Default: missing, or never on CI (CI, GITHUB_ACTIONS,
                        GITLAB_CI, JENKINS_URL, BUILDKITE, TF_BUILD, TEAMCITY_VERSION,
                        … set; CI=0 or CI=false means not CI)
                        """),
                    OptionSpec(
                        "--only-changed-by VERSION",
                        """
                        With --record all: rewrite only the goldens that fail and
                        were recorded by a Proofsheet older than VERSION (the
                        release whose pixel changes CHANGELOG.md lists); every other
                        golden is compared as with --record never
                        """),
                    OptionSpec(
                        "--report DIR",
                        """
                        Write a report: DIR/index.html (open it from disk; it links
                        the images in DIR/images/), DIR/results.json, the images,
                        and the seconds each image took in DIR/times.json (the rest
                        is the same bytes on every run). An earlier report in DIR,
                        exactly as written (DIR/.proofsheet-files lists its files), is
                        replaced as a whole; a folder holding anything else is refused
                        """),
                    OptionSpec("--self-contained", "Inline the images in index.html (one file to pass around)"),
                    OptionSpec(
                        "--junit FILE",
                        """
                        Write JUnit XML (classname: the scene; name: still/variant;
                        images as [[ATTACHMENT|path]]; orphaned goldens as skipped)
                        """),
                    OptionSpec("--summary FILE", "Append a Markdown summary (e.g. $GITHUB_STEP_SUMMARY)"),
                    OptionSpec("--shard I/N", "Check only part I of N (deterministic split by image id)"),
                    OptionSpec(
                        "--device NAME",
                        """
                        Check on this device (repeatable; default: each scene's own); a
                        name with " landscape" after it turns the device
                        """),
                    OptionSpec("--scale N", "Pixels per point (repeatable; default: the device's own)"),
                    OptionSpec(
                        "--chrome on|off",
                        """
                        Every image with the status bar and home indicator, or none
                        (default: each scene's "chrome" option); goldens with chrome
                        are named <device>@<scale>x+chrome.png
                        """),
                    .checkColorScheme, .checkDynamicType, .checkLayoutDirection, .checkLocale, .checkOrientation, .checkVariant,
                    OptionSpec(
                        "--overflow warn|error|ignore",
                        """
                        A view laid out past its parent's space or the screen: a
                        warning (default), a failure of the check (exit code 1), or
                        nothing (see `proofsheet render --help`)
                        """),
                    OptionSpec(
                        "--threshold T",
                        """
                        Opt into pixelmatch's colour threshold (0…1; default 0:
                        exact); above 0 anti-aliased pixels are not counted
                        """),
                    OptionSpec("--include-aa", "Count anti-aliased pixels even with a threshold"),
                    OptionSpec("--max-diff-pixels N", "Pass with at most N differing pixels"),
                    OptionSpec("--max-diff-ratio R", "Pass with at most this fraction of pixels differing"),
                    OptionSpec(
                        "--ignore [S[:T]=]X,Y,W,H",
                        """
                        Leave a rectangle in points out of the comparison: of every
                        image, of scene S, or of its still T (repeatable)
                        """),
                    OptionSpec(
                        "--mask [S[:T]=]FILE",
                        """
                        Leave out the pixels where FILE is visible and not black (the
                        scene's size in points, or the image's in pixels; repeatable)
                        """),
                    OptionSpec("--assets DIR", "Another folder to look up images in (repeatable)"),
                    OptionSpec(
                        "--still NAME",
                        """
                        Check only this still (repeatable, or a,b,c; `default` for
                        scenes without stills). --set is refused: a state without a
                        name has no golden
                        """),
                    OptionSpec(
                        "--timelines",
                        """
                        Check every timeline too, at its key instants: 0, 1 ms after
                        each event, 25/50/75 % of each animation, the end; one golden
                        per timeline and variant, <scene>/<timeline>@timeline/
                        <variant>.png, its instants as frames
                        """),
                    OptionSpec("--timeline NAME", "Check this timeline too (repeatable, or a,b,c)"),
                    OptionSpec("--strict", "Orphaned goldens fail the check (exit 1)"),
                    OptionSpec(
                        "--prune",
                        """
                        Delete orphaned goldens: only files named as goldens are,
                        carrying Proofsheet's environment chunk, inside the golden
                        folder
                        """),
                    OptionSpec(
                        "--png-compression fastest|fast|small",
                        """
                        How the goldens recorded and the report's images are
                        compressed (default: small, for goldens kept in a repository;
                        approve copies the report's actual images as they are).
                        \(pngCompressionText)
                        """),
                    OptionSpec("-j, --jobs N", "States checked at once (default: the processor count)"),
                    OptionSpec("-q, --quiet", "No progress lines"),
                    OptionSpec("-h, --help", "Show this help")
                ]),
            .text(
                """
                Goldens and reports record the environment (Proofsheet, Cairo, Pango, HarfBuzz,
                FreeType and fontconfig versions, a hash of the pinned fonts) and the golden format
                (golden-format=N); check warns when goldens were recorded in another environment, and
                refuses (exit 2) a golden of a newer format. After an upgrade: `proofsheet migrate` when
                the golden format changed, `check --record all --only-changed-by VERSION` when a
                release changed pixels (see CHANGELOG.md).
                """)
        ],
        refuses: ["--set"])

    static let approve = CommandSpec(
        name: "approve", abstract: "Accept a check report's actual images as the new goldens",
        about: """
            Accept the actual images of a check report's failures as the new goldens.
            """,
        usage: ["proofsheet approve --report DIR [--golden DIR] [--only ID]... [--png-compression C]"], usageIndent: 0,
        sections: [
            .text(
                """
                Copies each failing or missing image's actual render (and the actual of a golden that could
                not be read) to DIR/<scene>/<state>/<variant>.png below the golden folder (a timeline's
                instants into its one file, <timeline>@timeline/<variant>.png). The report is treated as
                untrusted: images are read only from its images/ folder, never through a link, only PNGs
                that decode are accepted, and only paths golden names can have (see check --help); goldens
                are written only below the golden folder, never through a link, and always carry
                Proofsheet's environment chunk and golden format. Every entry is checked before anything
                is written.
                """),
            .options(
                "OPTIONS:", column: 27,
                [
                    OptionSpec("--report DIR", "The folder passed to check --report (required)"),
                    OptionSpec(
                        "--golden DIR",
                        """
                        The golden folder (default: the one the check was given, which
                        must then exist inside the working directory); made if missing
                        """),
                    OptionSpec("--only ID", "Approve only this id (scene/state/variant; repeatable)"),
                    OptionSpec(
                        "--png-compression fastest|fast|small",
                        """
                        Write each golden again with this compression (default: copy
                        the actual image's bytes as check wrote them).
                        \(pngCompressionText)
                        """),
                    OptionSpec("-h, --help", "Show this help")
                ])
        ])

    static let mergeReports = CommandSpec(
        name: "merge-reports", abstract: "Join the reports of sharded check runs",
        about: """
            Join the reports of sharded check runs into one.
            """,
        usage: ["proofsheet merge-reports <report-dir>... -o OUT_DIR [--junit FILE] [--summary FILE]", "[--self-contained]"], usageIndent: 32,
        sections: [
            .text(
                """
                Every shard's results.json (and times.json, whose times go to the merged JUnit XML) is
                validated, each shard I/N of one check may be there once, and images are copied only
                from each report's images/ folder, never through a link, and only PNGs that decode. Shards without a report (failed or cancelled before they uploaded
                one) are named in the merged report, the JUnit XML and the summary, and fail the merge.
                The output folder is replaced as a whole, like check --report; --junit and --summary as
                for check. Exit code 0 when every merged image passed, 1 otherwise, 2 for bad reports or
                when a scene or golden could not be read.
                """),
            .options(
                "OPTIONS:", column: 27,
                [
                    OptionSpec("-o, --output OUT_DIR", "The merged report's folder (replaced as a whole, as check --report)"),
                    OptionSpec("--junit FILE", "Write the merged JUnit XML, as check --junit"),
                    OptionSpec("--summary FILE", "Write the merged Markdown summary, as check --summary"),
                    OptionSpec("--self-contained", "Inline the images into index.html, as for check"),
                    OptionSpec("-h, --help", "Show this help")
                ])
        ])

    static let frames = CommandSpec(
        name: "frames", abstract: "Render a timeline of a scene frame by frame (PNGs and a manifest)",
        about: """
            Render a timeline of a scene frame by frame: every animation with SwiftUI's curves,
            springs and scoping, every gesture from its touches. Writes frame-00000.png, … (frame k
            at k / fps seconds) and manifest.json into the output folder:
              {"version": 3, "scene", "timeline", "fps", "scale", "device", "state",
               "frames": [{"index", "t", "file", "events", "changes", "views", "animating"}, …]}
            where state is the state at the start, each frame's changes the state variables whose
            values changed since the previous frame (the first: since the start), views every named
            view on screen with its animated values (offset.x, offset.y, rotation, scale.x,
            scale.y, opacity, blur, frame.x, frame.y, frame.width, frame.height, as --plot names
            them; a view removed is absent from the frames after), and events name
            what happened since the previous frame (touch down, release, tap, removed #id,
            appeared #id, the scene's markers, haptic …).
            """,
        usage: ["proofsheet frames <scene.json> --timeline NAME [options]"], usageIndent: 0,
        sections: [
            .options(
                "OPTIONS:", column: 23,
                [
                    OptionSpec("--timeline NAME", "The scene's timeline (`proofsheet stills` lists them)"),
                    OptionSpec("--still NAME", "Start from this still instead of the timeline's own start"),
                    OptionSpec("--set NAME=VALUE", "Set a state value at the start, over the still (repeatable)"),
                    OptionSpec(
                        "--fps N",
                        """
                        Frames per second, 1–240 (default 60). Touches are sampled at
                        120 Hz whatever the rate, so the state at a time never depends
                        on it
                        """),
                    OptionSpec(
                        "--duration auto|S",
                        """
                        How long (default auto: until the timeline is over and every
                        animation has settled, at most 60 s; an animation that repeats
                        forever needs a duration)
                        """),
                    OptionSpec(
                        "-o, --output DIR",
                        """
                        The output folder (default Output/<scene>.<timeline>). It must be
                        absent, empty, or an earlier frames folder exactly as written
                        (its .proofsheet-files lists every file and size), which is
                        replaced as a whole: frames are written beside it first, so a
                        failed run leaves it untouched; anything else is refused
                        """),
                    OptionSpec("--device NAME", "Render on a device preset (see `proofsheet devices`)"),
                    OptionSpec("--scale N", "Pixels per point (default: the scene's)"),
                    OptionSpec(
                        "--chrome on|off",
                        """
                        Draw the status bar and home indicator on every frame (default:
                        the scene's "chrome" option, off unless it sets it)
                        """),
                    .colorScheme, .dynamicType, .layoutDirection, .locale, .orientation, .variant,
                    OptionSpec("--assets DIR", "Also look for images in DIR (repeatable)"),
                    OptionSpec(
                        "-j, --jobs N",
                        """
                        Frames rendered at once (default: the processor count); the
                        bytes are the same at any N
                        """),
                    OptionSpec("--png-compression fastest|fast|small", "How frames are compressed (default fastest)"),
                    OptionSpec("-q, --quiet", "No progress or summary on standard error")
                ]),
            .text(
                """
                One instant of a timeline: proofsheet render <scene.json> --timeline NAME --at SECONDS
                """)
        ])

    static let storyboard = CommandSpec(
        name: "storyboard", abstract: "Draw a timeline's key frames, touches and timing (SVG, PDF or PNG)",
        about: """
            Draw a timeline as a storyboard: its key frames (the start, each instant something
            happens, just before each release, the end once everything has settled) as numbered
            panels, each captioned with its
            instant in ms, the events since the panel before and each drag; the fingers drawn on the
            panels (the path each took, an arrow from where it went down, a disc while down, a ring
            where it lifted); and a ruler under them that places the panels on the time axis, says
            the time between them and shows when a finger was down. Vector in SVG and PDF: text
            stays text, each photo is stored once; what vector files cannot express (blurs, shadows,
            materials) is embedded as pixels at the panel's resolution.
            """,
        usage: ["proofsheet storyboard <scene.json> --timeline NAME [options]"], usageIndent: 0,
        sections: [
            .options(
                "OPTIONS:", column: 23,
                [
                    OptionSpec("--timeline NAME", "The scene's timeline (`proofsheet stills` lists them)"),
                    OptionSpec("--still NAME", "Start from this still instead of the timeline's own start"),
                    OptionSpec("--set NAME=VALUE", "Set a state value at the start, over the still (repeatable)"),
                    OptionSpec(
                        "--max-panels N",
                        """
                        At most N key frames, 2–48 (default 12): the start and the end
                        stay, and those that keep the panels most evenly spread in time
                        (the events of the others are in the next panel's caption)
                        """),
                    OptionSpec(
                        "--panels N",
                        """
                        Exactly N panels, 2–48: the key frames, and frames between them
                        where the gaps are longest (or the key frames cut as above)
                        """),
                    OptionSpec("--columns C", "Panels per row (default 6, or fewer panels)"),
                    OptionSpec(
                        "--panel-scale F",
                        """
                        A panel's size as a fraction of the screen's (default 0.5);
                        lowered, with a note, when the board would pass the raster
                        limits (`proofsheet limits`)
                        """),
                    OptionSpec(
                        "-o, --output FILE",
                        """
                        .svg, .pdf or .png (default
                        Output/<scene>.<timeline>.storyboard.svg)
                        """),
                    OptionSpec(
                        "--scale N",
                        """
                        Pixels per point of a PNG, and of what is embedded as pixels
                        (default 2)
                        """),
                    OptionSpec("--device NAME", "Render on a device preset (see `proofsheet devices`)"),
                    OptionSpec(
                        "--chrome on|off",
                        """
                        Each frame with the status bar and home indicator (default: the
                        scene's "chrome" option)
                        """),
                    .colorScheme, .dynamicType, .layoutDirection, .locale, .orientation, .variant,
                    OptionSpec("--svg-text text|embed|outline", "How an SVG carries its text (default text)"),
                    OptionSpec("--assets DIR", "Also look for images in DIR (repeatable)"),
                    OptionSpec("--png-compression fastest|fast|small", "How a PNG board is compressed (default fast)"),
                    OptionSpec("-q, --quiet", "No notes or summary on standard error")
                ])
        ])

    static let strip = CommandSpec(
        name: "strip", abstract: "Draw a timeline's frames as a contact sheet (PNG, SVG or PDF)",
        about: """
            Draw a timeline's frames as a contact sheet: thumbnails in a grid (or a row), each
            labelled with its frame number, its time in ms and the events since the frame before
            (touch down, release, tap, removed #id, appeared #id, the scene's markers, haptic …),
            under a title with the scene, timeline, device and rate. The sheet is itself a view:
            thumbnails stay vector in SVG and PDF and are drawn at the sheet's scale in PNG.
            """,
        usage: ["proofsheet strip <scene.json> --timeline NAME [options]"], usageIndent: 0,
        sections: [
            .options(
                "OPTIONS:", column: 23,
                [
                    OptionSpec("--timeline NAME", "The scene's timeline (`proofsheet stills` lists them)"),
                    OptionSpec("--still NAME", "Start from this still instead of the timeline's own start"),
                    OptionSpec("--set NAME=VALUE", "Set a state value at the start, over the still (repeatable)"),
                    OptionSpec("--frames K", "K frames evenly from 0 to the end (default 12)"),
                    OptionSpec("--fps N", "Frames N a second instead, 0.1–240 (at most 1000 frames)"),
                    OptionSpec("--at T1,T2,…", "Frames at these instants (seconds, increasing) instead"),
                    OptionSpec(
                        "--duration auto|S",
                        """
                        Where --frames and --fps end (default auto: when the timeline is
                        over and every animation has settled, at most 60 s)
                        """),
                    OptionSpec("--columns C", "Thumbnails per row (default 6, or fewer frames)"),
                    OptionSpec("--row", "All thumbnails in one row"),
                    OptionSpec(
                        "--thumb-scale F",
                        """
                        A thumbnail's size as a fraction of the screen's (default 0.5);
                        lowered, with a note, when the sheet would pass the raster
                        limits (`proofsheet limits`)
                        """),
                    OptionSpec(
                        "--supersample",
                        """
                        PNG only: draw each thumbnail at the frame's full size (at least
                        twice its pixels) and average it down, instead of at its own scale
                        """),
                    OptionSpec("--scale N", "Pixels per point of the sheet (default 2)"),
                    OptionSpec("-o, --output FILE", ".png, .svg or .pdf (default Output/<scene>.<timeline>.strip.png)"),
                    OptionSpec("--device NAME", "Render on a device preset (see `proofsheet devices`)"),
                    OptionSpec(
                        "--chrome on|off",
                        """
                        Each frame with the status bar and home indicator (default: the
                        scene's "chrome" option)
                        """),
                    .colorScheme, .dynamicType, .layoutDirection, .locale, .orientation, .variant,
                    OptionSpec("--spacing PT", "Space between thumbnails (default 16)"),
                    OptionSpec("--background COLOR", "The sheet's colour (default #F2F2F7)"),
                    OptionSpec("--label-size PT", "The labels' size (default 11; the title is 1.5 times as large)"),
                    OptionSpec("--assets DIR", "Also look for images in DIR (repeatable)"),
                    OptionSpec(
                        "--png-compression fastest|fast|small",
                        """
                        How the sheet is compressed (default fast). fast and small
                        stream row by row: the sheet's pixels are its only copy in
                        memory; fastest is quicker, twice the bytes, and needs a copy
                        """),
                    OptionSpec("-q, --quiet", "No notes or summary on standard error")
                ]),
            .options(
                "EXTRAS:", column: 23,
                [
                    OptionSpec(
                        "--onion VIEW",
                        """
                        On each thumbnail, the view with .id VIEW (in the first frame
                        that shows it; followed by its place in the scene, so a removed
                        card is followed as it leaves) at its last 4 positions, fading
                        """),
                    OptionSpec(
                        "--onion-overlay",
                        """
                        One full-size frame instead: the first, with the view at every
                        instant of the sheet over it, the earliest faintest (with --onion)
                        """),
                    OptionSpec(
                        "--plot LIST",
                        """
                        A panel under the grid: properties of named views against time,
                        a line at 60 a second and a dot for each frame on the sheet;
                        LIST is '#VIEW.PROPERTY,…' (at most 8), PROPERTY one of
                        offset.x, offset.y, rotation, scale.x (or scale), scale.y,
                        opacity, blur (the view's effects and its containers'), frame.x,
                        frame.y, frame.width, frame.height (points)
                        """),
                    OptionSpec("--touches", "Where fingers touch: a dot, and the path since the touch went down")
                ]),
            .text("A haptic (no pixels) gets a badge on its frame's thumbnail.")
        ])

    static let sweep = CommandSpec(
        name: "sweep", abstract: "Draw a state value across a range as a sheet (PNG, SVG or PDF)",
        about: """
            Draw one value of a scene's state (or two, as a grid) across a range as a contact sheet,
            each thumbnail labelled with its values: where an icon appears as a drag grows, how a
            card tilts. Values are set over the defaults (or --still, then --set), as --set does:
            a field of an unset size or point starts from zero.
            """,
        usage: ["proofsheet sweep <scene.json> --vary NAME=FROM...TO [--vary NAME=FROM...TO] [options]"], usageIndent: 0,
        sections: [
            .options(
                "OPTIONS:", column: 23,
                [
                    OptionSpec(
                        "--vary NAME=FROM...TO",
                        """
                        A number of the state (a number, a size's width or height, a
                        point's x or y, a record's number field: drag.width); a second
                        --vary makes a grid, the first across, the second down
                        """),
                    OptionSpec("--steps N", "Values along each range, ends included, 2–40 (default 5)"),
                    OptionSpec("--still NAME", "Start from a still instead of the defaults"),
                    OptionSpec("--set NAME=VALUE", "Set a state value first (repeatable)"),
                    OptionSpec("--columns C", "Thumbnails per row, for one --vary (default: all in one row)"),
                    OptionSpec("--thumb-scale F", "A thumbnail's size as a fraction of the screen's (default 0.5)"),
                    OptionSpec("--supersample", "PNG only: thumbnails drawn full size and averaged down"),
                    OptionSpec("--scale N", "Pixels per point of the sheet (default 2)"),
                    OptionSpec("-o, --output FILE", ".png, .svg or .pdf (default Output/<scene>.sweep.png)"),
                    OptionSpec("--device NAME", "Render on a device preset (see `proofsheet devices`)"),
                    OptionSpec("--chrome on|off", "Each state with the status bar and home indicator"),
                    OptionSpec("--spacing PT", "As for `proofsheet strip`"),
                    OptionSpec("--background COLOR", "As for `proofsheet strip`"),
                    OptionSpec("--label-size PT", "As for `proofsheet strip`"),
                    OptionSpec("--assets DIR", "As for `proofsheet strip`"),
                    OptionSpec("--png-compression fastest|fast|small", "As for `proofsheet strip`"),
                    OptionSpec("-q, --quiet", "No notes or summary on standard error")
                ])
        ])

    static let gallery = CommandSpec(
        name: "gallery", abstract: "Every still of scenes on several devices, and an overview sheet",
        about: """
            Render every still of every scene on several devices, one PNG each, and an overview
            sheet of them all: a section per scene, each thumbnail captioned with its scene, still
            and device. The overview is itself a view (each thumbnail the image's display list),
            drawn at its own scale, never rendered full size and shrunk.
            """,
        usage: ["proofsheet gallery <scene.json>... [options]"], usageIndent: 0,
        sections: [
            .text(
                """
                Images are written to <DIR>/<scene>.<still>.<device>.png (a scene without stills:
                <scene>.default.<device>.png), e.g. travel-deck.rest.iphone-se.png. Nothing is written
                until every image is drawn.
                """),
            .text(
                """
                Several values of --color-scheme, --dynamic-type, --layout-direction, --locale,
                --orientation or --variant make a gallery for each combination: its images are named
                with it (travel-deck.rest.iphone-se.dark+ax3.png) and it has an overview of its own
                (overview.dark+ax3.png).
                """),
            .options(
                "OPTIONS:", column: 23,
                [
                    OptionSpec(
                        "-o, --out-dir DIR",
                        """
                        The gallery's folder (default Output/gallery), replaced as a
                        whole: an earlier gallery, exactly as written (DIR/.proofsheet-
                        files lists its files), is replaced; a folder holding anything
                        else is refused
                        """),
                    OptionSpec(
                        "--device NAME",
                        """
                        A device preset (repeatable; default: iPhone SE, iPhone 14 and
                        iPhone 15 Pro Max; see `proofsheet devices`)
                        """),
                    OptionSpec(
                        "--chrome on|off",
                        """
                        Each image with the status bar and home indicator (default: the
                        scene's "chrome" option)
                        """),
                    .colorScheme, .dynamicType, .layoutDirection, .locale, .orientation, .variant,
                    OptionSpec("--scale N", "Pixels per point of the images (default 1)"),
                    OptionSpec("--overview FILE", "The overview sheet, .png, .svg or .pdf (default <DIR>/overview.png)"),
                    OptionSpec(
                        "--thumb-scale F",
                        """
                        A thumbnail's size as a fraction of its screen's (default 0.25);
                        lowered, with a note, when the overview would pass the raster
                        limits (`proofsheet limits`)
                        """),
                    OptionSpec("--overview-scale N", "Pixels per point of the overview (default 1)"),
                    OptionSpec(
                        "--columns C",
                        """
                        Thumbnails per row in a scene's section (default 3 per device:
                        three stills side by side on every device)
                        """),
                    OptionSpec("--assets DIR", "Also look for images in DIR (repeatable)"),
                    OptionSpec(
                        "--png-compression fastest|fast|small",
                        """
                        How PNGs are compressed (default: fastest for the images, small
                        for the overview)
                        """),
                    OptionSpec(
                        "-j, --jobs N",
                        """
                        Images drawn at once (default: the processor count); the bytes
                        are the same for any N
                        """),
                    OptionSpec("-q, --quiet", "No progress or summary on standard error")
                ])
        ])

    static let animate = CommandSpec(
        name: "animate", abstract: "Write a timeline as an animated preview (APNG, WebP, GIF) or a video (WebM)",
        about: """
            Write a timeline as an animated preview for a pull request or a review: an animated PNG
            (each frame stored as the rectangle that changed, through the project's own fast PNG
            encoder unless --png-compression says otherwise; exact milliseconds),
            an animated WebP (libwebp; exact milliseconds) or a GIF (giflib, with Proofsheet's own
            fixed 256-colour palette and ordered dither, so the bytes depend only on the pixels). GIF delays are whole
            hundredths of a second and browsers stretch 0–1 to 10: a GIF runs at most 50 fps (default
            25), each delay rounded so that the total stays right. Or a WebM video: VP9 (libvpx) in
            Proofsheet's own Matroska muxer, each frame at its exact millisecond, the last held until
            the end; the same frames give the same bytes. MP4 and QuickTime are not available: their
            H.264 would come from x264 (GPL, not linked) or OpenH264 (its patent licence covers only
            Cisco's own binaries, not Debian's build).
            """,
        usage: ["proofsheet animate <scene.json> --timeline NAME [-o preview.png|.webp|.gif|.webm] [options]"], usageIndent: 0,
        sections: [
            .options(
                "OPTIONS:", column: 23,
                [
                    OptionSpec("--timeline NAME", "The scene's timeline (`proofsheet stills` lists them)"),
                    OptionSpec("--still NAME", "Start from this still instead of the timeline's own start"),
                    OptionSpec("--set NAME=VALUE", "Set a state value at the start, over the still (repeatable)"),
                    OptionSpec(
                        "-o, --output FILE",
                        """
                        .png (APNG), .webp, .gif or .webm (default
                        Output/<scene>.<timeline>.animated.png)
                        """),
                    OptionSpec("--poster FILE.png", "Also write the first frame as a PNG (a video's poster)"),
                    OptionSpec("--fps N", "Frames per second (default 30; GIF 25, at most 50)"),
                    OptionSpec(
                        "--duration auto|S",
                        """
                        How long (default auto: until the timeline is over and every
                        animation has settled, at most 60 s)
                        """),
                    OptionSpec("--scale N", "Pixels per point (default 1)"),
                    OptionSpec("--loop N", "Times to play (default 0: for ever; not for .webm)"),
                    OptionSpec("--slow F", "Play F times slower, 1–100 (to review a spring)"),
                    OptionSpec("--hold S", "Hold the last frame S seconds more before it loops, 0–60 (default 1)"),
                    OptionSpec("--touches", "Draw each finger on the screen as a grey disc"),
                    OptionSpec("--quality Q", "WebP or WebM quality 0–100 (default 80)"),
                    OptionSpec("--lossless", "Lossless WebP (instead of --quality)"),
                    OptionSpec("--png-compression fastest|fast|small", "How APNG frames are compressed (default fastest)"),
                    OptionSpec("--device NAME", "Render on a device preset (see `proofsheet devices`)"),
                    OptionSpec(
                        "--chrome on|off",
                        """
                        Each frame with the status bar and home indicator (default: the
                        scene's "chrome" option)
                        """),
                    .colorScheme, .dynamicType, .layoutDirection, .locale, .orientation, .variant,
                    OptionSpec("--assets DIR", "Also look for images in DIR (repeatable)"),
                    OptionSpec(
                        "-j, --jobs N",
                        """
                        Frames drawn at once (default: the processor count); the bytes
                        are the same at any N
                        """),
                    OptionSpec("-q, --quiet", "No progress or summary on standard error")
                ])
        ])

    static let preview = CommandSpec(
        name: "preview", abstract: "A live preview in the browser: stills and timeline players, redrawn on save",
        about: """
            Serve a page on 127.0.0.1 with every still of the scenes (on each --device, in each
            variant asked for: --color-scheme light --color-scheme dark shows both side by side) and each
            timeline as a player: play and pause, a scrubber to any millisecond with the key instants
            marked, speed 0.25× to 2×. Frames are drawn when asked for, from one recorded run of the
            timeline, and kept. When a scene file (or anything in its folder: an image, a component)
            is saved, the scene is read again and the page redraws; a scene with a mistake shows the
            error at its file, line and column over its last good render. The page needs the random
            token in the address printed at the start; nothing a request says reaches the disk.
            """,
        usage: ["proofsheet preview <scene.json|folder>... [--port N] [--open] [options]"], usageIndent: 0,
        sections: [
            .options(
                "OPTIONS:", column: 23,
                [
                    OptionSpec("--port N", "The port on 127.0.0.1 (default 0: any free one)"),
                    OptionSpec("--open", "Open the page in the default browser (xdg-open)"),
                    OptionSpec("--device NAME", "Show each scene on this device (repeatable; default its canvas)"),
                    OptionSpec("--scale N", "Pixels per point (default 2)"),
                    .colorScheme, .dynamicType, .layoutDirection, .locale, .orientation, .variant,
                    OptionSpec("--assets DIR", "Also look for images in DIR (repeatable)")
                ])
        ])

    static let curve = CommandSpec(
        name: "curve", abstract: "Sample or plot an animation curve or spring, SwiftUI spelling",
        about: """
            Sample or plot an animation, spelled as in SwiftUI: its progress from 0 (the old value)
            to 1 (the new one) over time, and when it settles (a spring: SwiftUI's own
            settlingDuration for 10⁻³ of the change).
            """,
        usage: ["proofsheet curve '<animation>' [--samples N | --at T,…] [--json] [--plot out.png|out.svg|out.pdf]"], usageIndent: 0,
        sections: [
            .text(
                """
                EXAMPLES:
                  proofsheet curve 'interpolatingSpring(stiffness: 180, damping: 100)'
                  proofsheet curve 'easeOut.delay(0.05)' --samples 21 --json
                  proofsheet curve '.default' --sdk ios13
                  proofsheet curve 'spring(response: 0.55, dampingFraction: 0.825)' --plot spring.png
                """),
            .options(
                "OPTIONS:", column: 23,
                [
                    OptionSpec(
                        "--samples N",
                        """
                        Samples evenly spaced over [0, duration], both ends included
                        (default 11)
                        """),
                    OptionSpec("--at T,T,…", "Sample at these instants (seconds) instead of evenly"),
                    OptionSpec(
                        "--json",
                        """
                        Print {"animation", "duration", "settlingTime", "spring",
                        "samples": [{"t", "value", "velocity"}, …]} at full precision
                        instead of lines of "t<TAB>value"; "spring" (for a spring) has
                        its form, mass, stiffness, damping, dampingRatio, response,
                        duration, bounce, overshoot, overshootTime, settlingDuration
                        """),
                    OptionSpec(
                        "--plot FILE",
                        """
                        Plot progress against time (axes, ticks, the target and the
                        settle line) as PNG (at 2x), SVG or PDF
                        """),
                    OptionSpec(
                        "--duration SECONDS",
                        """
                        The span to sample (default: the settling time; required for
                        an animation that never settles, such as repeatForever)
                        """),
                    OptionSpec("--sdk ios17|ios13", "What `.spring()` and `.default` mean (default ios17)")
                ]),
            .text(
                """
                ACCEPTED SPELLINGS (an `Animation` prefix and a leading dot are optional):
                \(Animation.acceptedSpellings.map { "  " + $0 }.joined(separator: "\n"))
                """),
            .text(
                """
                A bad spelling is exit code 2 with the column it is at.
                """)
        ])

    static let limits = CommandSpec(
        name: "limits", abstract: "List the limits on input sizes and their defaults",
        about: """
            List the limits that keep hostile input from exhausting memory or time, with their
            defaults. Any command takes --limit NAME=VALUE to change one for that run (repeatable);
            values may use k, M, G (10³, 10⁶, 10⁹) or KiB, MiB, GiB.

            While a timeline runs, views, scene-strings and nesting also bound every state variable:
            an action that would make one hold more values, bytes of strings or levels of nesting is
            an error where the action is written (exit 2).
            """,
        usage: ["proofsheet limits"], usageIndent: 0,
        sections: [])

    static let symbols = CommandSpec(
        name: "symbols", abstract: "List the supported SF Symbol names",
        about: """
            List the supported SF Symbol names (each drawn with a Material Icons substitute or one of
            Proofsheet's own drawings).
            """,
        usage: ["proofsheet symbols"], usageIndent: 0,
        sections: [])

    static let colors = CommandSpec(
        name: "colors", abstract: "List the colour names scenes may use",
        about: """
            List the colour names a scene may use (SwiftUI's Color statics, UIKit's system and element
            colours), each with its light-mode value (what is drawn), its dark-mode value (kept for a
            dark colour scheme), its values with Increase Contrast where they differ, its family and
            whether the value is an estimate. `grey` is also
            accepted for `gray`, and a leading `.` (`.systemGray6`); an unknown name gets close names of
            the same family (`secondaryFill`: did you mean 'secondarySystemFill'?).
            """,
        usage: ["proofsheet colors"], usageIndent: 0,
        sections: [])

    static let devices = CommandSpec(
        name: "devices", abstract: "List the device presets",
        about: """
            List the device presets: name, size in points, scale, safe area top/bottom, and what the
            screen has at its top (notch or Dynamic Island) or a home button.
            """,
        usage: ["proofsheet devices"], usageIndent: 0,
        sections: [])

    static let completion = CommandSpec(
        name: "completion", abstract: "Print a shell completion script (bash, zsh or fish)",
        about: """
            Print a script that completes proofsheet's commands, options, choices and files in a
            shell, made from the same declarations as every command's help.
            """,
        usage: ["proofsheet completion bash|zsh|fish"], usageIndent: 0,
        sections: [
            .text(
                """
                EXAMPLES:
                  proofsheet completion bash > /etc/bash_completion.d/proofsheet
                  proofsheet completion zsh > "${fpath[1]}/_proofsheet"
                  proofsheet completion fish > ~/.config/fish/completions/proofsheet.fish
                """)
        ])

    static let initCommand = CommandSpec(
        name: "init", abstract: "Set a project up for golden checks: configuration, a scene, CI",
        about: """
            Write what a project needs to check goldens, in the working directory (the repository's
            root): proofsheet.json, a sample scene in Proofsheet/Scenes/, .gitattributes lines for
            the goldens in Proofsheet/Goldens/, and a workflow for the CI the repository uses
            (found from .github/, .gitlab-ci.yml or Jenkinsfile, or named with --ci). A file that
            exists is never replaced: a CI file of the project's own gets Proofsheet's beside it,
            .gitattributes gets the lines it lacks, and anything else existing is an error, before
            anything is written. Then: proofsheet check --record missing, look at the goldens,
            commit them.
            """,
        usage: ["proofsheet init [--ci github|gitlab|jenkins|none] [--lfs]"], usageIndent: 0,
        sections: [
            .options(
                "OPTIONS:", column: 33,
                [
                    OptionSpec("--ci github|gitlab|jenkins|none", "The CI to write a workflow for (default: the one the repository uses, else none)"),
                    OptionSpec("--lfs", "Keep the goldens in Git LFS (.gitattributes; the workflow fetches them)")
                ])
        ])

    static let migrate = CommandSpec(
        name: "migrate", abstract: "Rewrite goldens of an older golden format in the current one",
        about: """
            Rewrite the goldens below the golden folder that an older Proofsheet recorded in the
            current golden format, pixels unchanged. Format 1 kept each key instant of a timeline in
            its own file (<scene>/<timeline>@<t>ms/<variant>.png); format 2 keeps a timeline's
            instants in one animated PNG per variant (<scene>/<timeline>@timeline/<variant>.png),
            identical instants once. Only goldens with Proofsheet's chunk are moved; each new file
            is in place before the files it replaces are deleted. check refuses to record over
            format-1 goldens until they are migrated. See CHANGELOG.md.
            """,
        usage: ["proofsheet migrate [--golden DIR] [--config FILE] [--dry-run] [--png-compression C]"], usageIndent: 0,
        sections: [
            .options(
                "OPTIONS:", column: 33,
                [
                    OptionSpec("--golden DIR", "The golden folder (default: proofsheet.json's \"golden\")"),
                    OptionSpec("--config FILE", "The configuration (default: proofsheet.json from here upward)"),
                    OptionSpec("--dry-run", "Say what would be rewritten; write nothing"),
                    OptionSpec(
                        "--png-compression fastest|fast|small",
                        """
                        How the new files are compressed (default: small).
                        \(pngCompressionText)
                        """)
                ])
        ])

    /// Every command, in the order the main help lists them.
    static let swiftui = CommandSpec(
        name: "swiftui", abstract: "Render the previews of SwiftUI source files (#Preview, PreviewProvider, App)",
        about: """
            Compile a team's own `import SwiftUI` files against ProofsheetUI and draw their previews:
            each #Preview { … }, each PreviewProvider, each App's window, and the previews with
            timelines a PreviewTimelines type lists. The files are compiled as they are (a folder of an
            Xcode project works: test targets, build products and asset catalogues are passed over;
            images and colours are looked up in its asset catalogues). A package's folder: its
            manifest is read by SwiftPM, and each target that uses the SwiftUI or ProofsheetUI
            product is drawn, into a folder of its own when there are several. Builds are cached by
            content, so a second run starts at once. Each preview is written to <out>/<name>.<format>; with --strips each
            timeline as a contact sheet <name>.<timeline>.strip.png, with --frames frame by frame.
            """,
        usage: ["proofsheet swiftui <folder|package|file.swift>... [-o DIR] [options]"], usageIndent: 0,
        sections: [
            .options(
                "OPTIONS:", column: 25,
                [
                    OptionSpec("-o, --output DIR", "The folder of the previews (default: Output/<folder>.swiftui); replaced whole"),
                    OptionSpec("--list", "List the previews found (name, file:line, timelines) and draw nothing"),
                    OptionSpec("--target NAME", "A package's view target to draw (repeatable; default: each one)"),
                    OptionSpec("--only NAME", "Draw only this preview (repeatable)"),
                    OptionSpec("--device NAME", "The device previews are drawn on (default: iPhone 14)"),
                    OptionSpec("--scale N", "Pixels per point (default: the device's own)"),
                    OptionSpec("--color-scheme light|dark", "The colour scheme (default: light)"),
                    OptionSpec("--format png|svg|pdf", "The previews' format (default: png)"),
                    OptionSpec("--strips", "Also draw each timeline as a contact sheet"),
                    OptionSpec("--frames", "Also draw each timeline frame by frame"),
                    OptionSpec("--fps N", "Frames per second for --frames (default: 30)"),
                    OptionSpec("--assets DIR", "Another folder to look up images in (repeatable)"),
                    OptionSpec("--swift-version 5|6", "The Swift language mode of the files (default: 5, as Xcode projects)"),
                    OptionSpec("--cache DIR", "Where builds are kept (default: $XDG_CACHE_HOME/proofsheet/swiftui)"),
                    OptionSpec("--runtime DIR", "Proofsheet's package folder (default: the one this proofsheet was built in)"),
                    OptionSpec("--timeout SECONDS", "Stop the preview program after this long (default: 600)"),
                    OptionSpec("-q, --quiet", "Print only errors")
                ]),
            .text(
                """
                TIMELINES (in a file of the folder; touches by a view's .id(_:) or accessibility
                identifier, or by screen point):
                  struct Timelines: PreviewTimelines {
                      static var previews: [Preview] {
                          [Preview("deck") { ContentView() }
                              .timeline("swipe", at: 0.1) {
                                  drag("card", by: CGSize(width: 150, height: 10), in: 0.3); release()
                              }
                              .timeline("tap", at: 0.1) { tap(at: CGPoint(x: 195, y: 760)); hold(0.5) }]
                      }
                  }
                Steps: drag(_:by:in:), drag(from:to:in:), down(_:at:), move(to:in:), hold(_:),
                release(), tap(_:at:).
                """)
        ])

    static let all: [CommandSpec] = [
        render, layout, stills, frames, strip, storyboard, sweep, animate, gallery, curve, diff, check, approve, mergeReports, migrate, preview,
        swiftui,
        contrast,
        symbols, colors,
        devices, limits, completion, initCommand
    ]
}

/// The options that set the environment scenes are drawn in, the same on every command.
extension OptionSpec {
    static let layOutOnDevice = OptionSpec(
        "--device NAME",
        """
        Lay out on this device preset instead of the scene's canvas; a
        name with " landscape" after it turns the device
        """)
    static let colorScheme = OptionSpec(
        "--color-scheme light|dark",
        """
        Draw in light or dark appearance: named colours, materials and
        the status bar take the scheme's values (default: the scene's
        "colorScheme", light)
        """)
    static let dynamicType = OptionSpec(
        "--dynamic-type SIZE",
        """
        Set text in text styles at this Dynamic Type size: xSmall,
        small, medium, large, xLarge, xxLarge, xxxLarge or
        accessibility1…5 (xs…xxxl, ax1…ax5; default: the scene's
        "dynamicTypeSize", large)
        """)
    static let layoutDirection = OptionSpec(
        "--layout-direction ltr|rtl",
        """
        Lay out left to right or right to left: right to left, every
        view's place in its parent is mirrored, as SwiftUI mirrors it
        (default: the scene's "layoutDirection", ltr)
        """)
    static let locale = OptionSpec(
        "--locale TAG",
        """
        Show the scenes in this locale: texts as the scene's "strings"
        for it say, in its language's glyph forms (zh-Hant, ja …);
        pseudo lengthens every text by 40 % (default: the scene's "locale")
        """)
    static let orientation = OptionSpec(
        "--orientation portrait|landscape",
        """
        Hold the device this way: landscape turns the scene's device (or
        --device's), with its landscape safe areas (default: portrait)
        """)
    static let variant = OptionSpec(
        "--variant NAME=VALUE",
        """
        Set one setting of the environment by name: colorScheme=dark,
        dynamicType=ax3, layoutDirection=rtl, locale=de,
        orientation=landscape, reduceTransparency=on, reduceMotion=on,
        boldText=on, increaseContrast=on
        """)
    static let checkColorScheme = OptionSpec(
        "--color-scheme light|dark",
        """
        Check each image in this appearance (repeatable: both; default:
        each scene's "colorScheme", or the configuration's "variants");
        dark goldens are named <device>@<scale>x+dark.png
        """)
    static let checkDynamicType = OptionSpec(
        "--dynamic-type SIZE",
        """
        Check each image at this Dynamic Type size (repeatable; names as
        for render); goldens at any size but large carry its short name:
        <device>@<scale>x+ax3.png
        """)
    static let checkLayoutDirection = OptionSpec(
        "--layout-direction ltr|rtl",
        """
        Check each image in this layout direction (repeatable: both);
        right-to-left goldens are named <device>@<scale>x+rtl.png
        """)
    static let checkLocale = OptionSpec(
        "--locale TAG",
        """
        Check each image in this locale (repeatable); goldens carry the
        tag: <device>@<scale>x+de.png
        """)
    static let checkOrientation = OptionSpec(
        "--orientation portrait|landscape",
        """
        Check each image with the device held this way (repeatable:
        both); landscape goldens are named <device>-landscape@<scale>x.png
        """)
    static let checkVariant = OptionSpec(
        "--variant NAME=VALUE",
        """
        A value of one setting to check (repeatable): colorScheme=dark,
        dynamicType=xxxLarge, layoutDirection=rtl, increaseContrast=on …; every
        combination of the settings' values is checked, each setting's
        values replacing the configuration's
        """)
}
