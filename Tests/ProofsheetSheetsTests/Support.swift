import Proofsheet

/// A template from scene JSON.
func template(_ json: String) throws -> SceneTemplate { try SceneDecoder().template(bytes: Array(json.utf8), file: "t.json") }
