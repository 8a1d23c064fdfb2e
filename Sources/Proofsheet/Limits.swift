import ProofsheetCairo

extension Limit {
    /// Registers the limits of every module with ``Limit/all``, so that `--limit` and `--help`
    /// know them. Called once by the command line; calling it again does nothing.
    public static func registerAll() {
        register(Scene.Limits.all)
        register(ImageLimits.all)
        register(EffectBudget.all)
        register([TextContrast.samples, ReportFolder.comparisonBytes])
    }
}
