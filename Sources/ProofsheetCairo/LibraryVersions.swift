internal import CCairo
internal import CPangoCairo

/// The versions of the C libraries that draw and shape, as loaded at run time.
public enum LibraryVersions {
    public static var cairo: String { String(cString: cairo_version_string()) }
    public static var pango: String { String(cString: pango_version_string()) }
    public static var harfbuzz: String { String(cString: hb_version_string()) }
    public static var fontconfig: String {
        let v = Int(FcGetVersion())
        return "\(v / 10000).\(v / 100 % 100).\(v % 100)"
    }
    public static var freetype: String {
        var library: FT_Library? = nil
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}
