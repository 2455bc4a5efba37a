#if canImport(UIKit)
import PanTraceModel
import UIKit
import UIKit.UIGestureRecognizerSubclass

/// A gesture recognizer that watches the pans on a container view and feeds a
/// ``GestureRecorder``, without ever taking part (docs/capture.md).
///
/// It never begins (it stays `.possible` and fails when the last touch ends),
/// never cancels or delays touches, cannot prevent another recognizer and
/// cannot be prevented by one, so the sheet's own pan and its scroll view
/// behave exactly as without it. Each touch callback becomes one sample: the
/// centroid of the touches down, as `UIPanGestureRecognizer` tracks it (not
/// the coalesced touches). The container's size (its `bounds`, what the
/// percent is measured against), the scroll state and, for a sheet with
/// detents, its detents and the one it rests at are read at the `down`.
/// Places are measured in the window's coordinates: the container itself
/// moves while a pull-to-dismiss runs, the window does not, and the
/// simulation uses only differences of places (docs/model.md §4).
///
/// Compiled only where UIKit exists; the logic it calls (``TouchTracker``,
/// ``ScrollState``, ``SheetState``, ``GestureRecorder``) is platform-independent and tested.
///
/// ```swift
/// let capture = PanCaptureRecognizer(recorder: recorder, scrollView: tableView)
/// sheet.view.addGestureRecognizer(capture)
///
/// // A sheet with detents (iOS 16): its detents read at each down.
/// let capture = PanCaptureRecognizer(recorder: recorder, scrollView: tableView) { [weak controller] in
///     controller?.sheetPresentationController
/// }
/// ```
public final class PanCaptureRecognizer: UIGestureRecognizer {
    /// The recorder the samples go to.
    public let recorder: GestureRecorder
    private let scrollState: @MainActor () -> ScrollState
    private let sheetState: @MainActor (_ containerHeight: Double) -> SheetState
    private var tracker = TouchTracker<ObjectIdentifier>()

    /// A recognizer feeding `recorder`; `scrollState` and `sheetState` are
    /// called at each recorded `down` (return ``ScrollState/none`` without
    /// a scroll view, ``SheetState/none`` without detents; `sheetState` is
    /// given the container's height).
    public init(
        recorder: GestureRecorder, scrollState: @escaping @MainActor () -> ScrollState,
        sheetState: @escaping @MainActor (_ containerHeight: Double) -> SheetState = { _ in .none }
    ) {
        self.recorder = recorder
        self.scrollState = scrollState
        self.sheetState = sheetState
        super.init(target: nil, action: nil)
        cancelsTouchesInView = false
        delaysTouchesBegan = false
        delaysTouchesEnded = false
    }

    /// A recognizer feeding `recorder` that reads `scrollView`'s state along
    /// the recorder's interaction axis at each `down` (held weakly).
    public convenience init(recorder: GestureRecorder, scrollView: UIScrollView?) {
        let interaction = recorder.options.interaction
        self.init(recorder: recorder) { [weak scrollView] in
            guard let scrollView else { return .none }
            return ScrollState(ScrollGeometry(scrollView), along: interaction)
        }
    }

    /// A recognizer feeding `recorder` that reads `scrollView`'s state and
    /// the detents of the sheet the app's `sheet` closure returns (its
    /// `detents` resolved against the container, `selectedDetentIdentifier`)
    /// at each `down`; `nil` from the closure: no detents.
    @available(iOS 16.0, *)
    public convenience init(
        recorder: GestureRecorder, scrollView: UIScrollView?, sheet: @escaping @MainActor () -> UISheetPresentationController?
    ) {
        let interaction = recorder.options.interaction
        self.init(
            recorder: recorder,
            scrollState: { [weak scrollView] in
                guard let scrollView else { return .none }
                return ScrollState(ScrollGeometry(scrollView), along: interaction)
            },
            sheetState: { containerHeight in
                guard let controller = sheet() else { return .none }
                return SheetState(SheetGeometry(controller, containerHeight: containerHeight))
            })
    }

    // Observe, never interfere.
    public override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public override func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public override func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        feed(.began, touches, event)
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        feed(.moved, touches, event)
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        feed(.ended, touches, event)
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        feed(.cancelled, touches, event)
    }

    public override func reset() {
        super.reset()
        tracker.reset()
    }

    private func feed(_ change: TouchTracker<ObjectIdentifier>.Change, _ touches: Set<UITouch>, _ event: UIEvent) {
        guard let view else { return }
        // The sheet moves with the finger during its own dismissal; places in
        // its coordinates would shrink the drag. The window stays put.
        let space: UIView = view.window ?? view
        let points = touches.map { touch in
            let place = touch.location(in: space)
            return TouchTracker<ObjectIdentifier>.Touch(key: ObjectIdentifier(touch), x: Double(place.x), y: Double(place.y))
        }
        let time = touches.map { $0.timestamp }.max() ?? event.timestamp
        if let sample = tracker.update(change, touches: points, t: time) {
            recorder.record(sample) {
                let height = Double(view.bounds.height)
                return CaptureScreen(width: Double(view.bounds.width), height: height, scroll: scrollState(), sheet: sheetState(height))
            }
        }
        if tracker.isEmpty, change == .ended || change == .cancelled {
            state = .failed  // never began: fail so that UIKit resets it for the next gesture
            let delay = recorder.options.labellingWindow + 0.05
            perform(#selector(writeExpired), with: nil, afterDelay: delay)
        }
    }

    @objc private func writeExpired() {
        recorder.writeExpired()
    }
}

extension SheetGeometry {
    /// The detents of `sheet`, each resolved against a container `containerHeight` points tall, read now.
    @available(iOS 16.0, *)
    @MainActor
    public init(_ sheet: UISheetPresentationController, containerHeight: Double) {
        let context = DetentContext(traits: sheet.traitCollection, maximum: CGFloat(containerHeight))
        self.init(
            detents: sheet.detents.map { detent in
                let value: CGFloat? = detent.resolvedValue(in: context)
                return Resolved(identifier: detent.identifier.rawValue, height: value.map(Double.init))
            },
            selectedIdentifier: sheet.selectedDetentIdentifier?.rawValue, containerHeight: containerHeight)
    }
}

/// What a detent is resolved against: the container's traits and its height.
@available(iOS 16.0, *)
private final class DetentContext: NSObject, UISheetPresentationControllerDetentResolutionContext {
    let containerTraitCollection: UITraitCollection
    let maximumDetentValue: CGFloat

    init(traits: UITraitCollection, maximum: CGFloat) {
        containerTraitCollection = traits
        maximumDetentValue = maximum
    }
}

extension ScrollGeometry {
    /// The numbers of `scrollView`, read now.
    @MainActor
    public init(_ scrollView: UIScrollView) {
        let inset = scrollView.adjustedContentInset
        self.init(
            offsetX: Double(scrollView.contentOffset.x), offsetY: Double(scrollView.contentOffset.y),
            contentWidth: Double(scrollView.contentSize.width), contentHeight: Double(scrollView.contentSize.height),
            insetTop: Double(inset.top), insetLeft: Double(inset.left),
            insetBottom: Double(inset.bottom), insetRight: Double(inset.right),
            boundsWidth: Double(scrollView.bounds.width), boundsHeight: Double(scrollView.bounds.height))
    }
}
#endif
