import Testing
import ProofsheetTesting

/// The record mode from the `record:` argument, `PROOFSHEET_RECORD` and `CI`.
@Suite("Record mode")
struct RecordModeTests {
    @Test func defaultIsMissingOnAWorkstationAndNeverOnCI() throws {
        #expect(try SnapshotRecordMode.fromEnvironment([:]) == .missing)
        #expect(try SnapshotRecordMode.fromEnvironment(["CI": "true"]) == .never)
        #expect(try SnapshotRecordMode.fromEnvironment(["CI": "1"]) == .never)
        #expect(try SnapshotRecordMode.fromEnvironment(["CI": "false"]) == .missing)
        #expect(try SnapshotRecordMode.fromEnvironment(["CI": ""]) == .missing)
    }

    @Test(arguments: [
        ("all", SnapshotRecordMode.all), ("failed", .failed), ("missing", .missing), ("never", .never),
        ("FAILED", .failed), (" all ", .all)
    ])
    func environmentVariableNamesTheMode(value: String, mode: SnapshotRecordMode) throws {
        #expect(try SnapshotRecordMode.fromEnvironment(["PROOFSHEET_RECORD": value]) == mode)
        // It wins over CI's default.
        #expect(try SnapshotRecordMode.fromEnvironment(["PROOFSHEET_RECORD": value, "CI": "true"]) == mode)
    }

    @Test func emptyVariableIsUnset() throws {
        #expect(try SnapshotRecordMode.fromEnvironment(["PROOFSHEET_RECORD": "", "CI": "true"]) == .never)
    }

    @Test func unknownValueIsAnErrorThatListsTheModes() {
        #expect {
            try SnapshotRecordMode.resolve(nil, environment: ["PROOFSHEET_RECORD": "bogus"])
        } throws: { error in
            "\(error)" == "PROOFSHEET_RECORD='bogus' is not a record mode; use one of all, failed, missing, never (or 1 for all), or unset it"
        }
    }

    @Test(arguments: ["1", "true", "YES"]) func oneMeansAll(value: String) throws {
        #expect(try SnapshotRecordMode.fromEnvironment(["PROOFSHEET_RECORD": value, "CI": "true"]) == .all)
    }

    @Test(arguments: ["0", "false", "no"]) func zeroMeansUnset(value: String) throws {
        #expect(try SnapshotRecordMode.fromEnvironment(["PROOFSHEET_RECORD": value, "CI": "true"]) == .never)
        #expect(try SnapshotRecordMode.fromEnvironment(["PROOFSHEET_RECORD": value]) == .missing)
    }

    @Test func argumentWinsOverTheEnvironment() throws {
        #expect(try SnapshotRecordMode.resolve(.never, environment: ["PROOFSHEET_RECORD": "all"]) == .never)
        #expect(try SnapshotRecordMode.resolve(nil, environment: ["PROOFSHEET_RECORD": "all"]) == .all)
        // A bad variable does not matter when the argument decides.
        #expect(try SnapshotRecordMode.resolve(.failed, environment: ["PROOFSHEET_RECORD": "bogus"]) == .failed)
    }
}
