import PanTraceCapture
import PanTraceModel
import Testing

/// A scroll view's numbers become docs/model.md §3's offset from the edge the interaction pulls away from.
@Suite struct ScrollStateTests {
    /// A table 393 × 852 with 2,000 pt of content, a 100 pt top inset (navigation
    /// bar) and a 34 pt bottom inset (home indicator), scrolled 50 pt past its
    /// resting place: contentOffset.y = −100 + 50 = −50.
    static let table = ScrollGeometry(
        offsetY: -50, contentWidth: 393, contentHeight: 2000, insetTop: 100, insetBottom: 34,
        boundsWidth: 393, boundsHeight: 852)

    @Test func pullToDismissCountsFromTheTop() {
        // −50 + 100 = 50 pt scrolled; 2000 + 100 + 34 = 2134 pt of scrollable length.
        #expect(ScrollState(Self.table, along: .pullToDismiss) == ScrollState(offset: 50, content: 2134))
    }

    @Test func atRestUnderABarIsZero() {
        var resting = Self.table
        resting.offsetY = -100
        #expect(ScrollState(resting, along: .pullToDismiss).offset == 0)
    }

    @Test func pullUpPresentCountsFromTheBottom() {
        // At the bottom, contentOffset.y = 2000 + 34 − 852 = 1182 and the offset is 0;
        // at −50 it is 1182 − (−50) = 1232.
        var bottom = Self.table
        bottom.offsetY = 1182
        #expect(ScrollState(bottom, along: .pullUpPresent).offset == 0)
        #expect(ScrollState(Self.table, along: .pullUpPresent) == ScrollState(offset: 1232, content: 2134))
    }

    @Test func swipeBackUsesTheXAxis() {
        let carousel = ScrollGeometry(offsetX: 120, contentWidth: 1600, contentHeight: 200, insetLeft: 16, insetRight: 16, boundsWidth: 393, boundsHeight: 200)
        #expect(ScrollState(carousel, along: .swipeBack) == ScrollState(offset: 136, content: 1632))
    }
}
