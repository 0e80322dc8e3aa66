import FeedSources
import ImageLoading
import LoadSemantics
import Testing
import TerminalKit
import FeedViewer
import TerminalGraphics
import Vocabulary

/// The semantics audit over the update function: the records the model gives for every message,
/// effect and frame of a busy session break no rule, under every disappear policy; and a model
/// that breaks its promise is caught.
@Suite("Update: the semantics audit")
struct UpdateAuditTests {
    private func harness(policy: DisappearPolicy, audited auditPolicy: DisappearPolicy) -> FeedHarness {
        var harness = FeedHarness(
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), onDisappear: policy, prefetch: 2))
        harness.audit = SemanticsAudit(configuration: .init(onDisappear: auditPolicy))
        harness.showPage(TestPhotos.files(30))
        return harness
    }

    /// Loads report progress, the list jumps about, some loads finish, the detail view opens.
    private func busySession(_ harness: inout FeedHarness) {
        for id in 0..<8 { harness.deliver(.loading(LoadProgress(completed: 100, total: 1000)), to: "\(id)") }
        harness.now += .milliseconds(50)
        harness.press("G")
        harness.now += .milliseconds(50)
        for id in 22..<30 { harness.deliver(FakeImages.success(), to: "\(id)") }
        harness.press("g")
        for _ in 0..<12 {
            harness.now += .milliseconds(20)
            harness.press("j")
        }
        for id in 6..<20 { harness.deliver(.failure(.httpStatus(500)), to: "\(id)") }
        harness.press(.enter)
        harness.deliverDetail(FakeImages.success())
        harness.press("q")
        harness.press("R")
    }

    @Test(arguments: [DisappearPolicy.cancel, .lowerPriority, .keep])
    func aBusySessionBreaksNoRule(policy: DisappearPolicy) throws {
        // Given a model under the policy, audited for it
        let audited = policy
        var harness = harness(policy: policy, audited: audited)
        // When a busy session runs
        busySession(&harness)
        // Then the audit saw every step and found nothing wrong
        let audit = try #require(harness.audit)
        #expect(audit.recordCount > 100)
        #expect(audit.violations.isEmpty, "\(audit.violations)")
    }

    @Test func aModelThatKeepsLoadingWhatTheAuditExpectsCancelledIsCaught() throws {
        // Given a model that keeps loading items that leave, audited as if it cancelled them
        var harness = harness(policy: .keep, audited: .cancel)
        for id in 0..<8 { harness.deliver(.loading(LoadProgress(completed: 100, total: 1000)), to: "\(id)") }
        // When the list jumps to the end
        harness.press("G")
        harness.press("j")
        // Then rule 2 fires for the items that left while loading
        let audit = try #require(harness.audit)
        #expect(!audit.violations.isEmpty)
        #expect(audit.violations.allSatisfy { $0.rule == .disappearWithinOneFrame })
        #expect(Set(audit.violations.compactMap(\.slot)).isSuperset(of: [.item("0"), .item("5")]))
    }
}
