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
    /// The sheet the app's closure returns, for the outcome of a settled sheet.
    private var sheet: (@MainActor () -> AnyObject?)?
    /// Whether a transition began during the current gesture.
    private var transitionBegan = false

    /// Opt in to recording what the app did (docs/capture.md "What the app
    /// did"): after each gesture, where a sheet with detents settled (read
    /// ``settleDelay`` after the last touch lifts, and again from the
    /// delegate methods the app forwards), or for an interactive transition
    /// whether it finished, was cancelled, or never began (`none`, unless the
    /// app called ``transitionDidBegin(_:)`` during the gesture).
    public var reportsOutcome = false
    /// How long after the last touch lifts a sheet is taken to have settled, in seconds.
    public var settleDelay = 0.6

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
        self.sheet = { sheet() }
    }

    // MARK: What the app did

    /// Forward from `UISheetPresentationControllerDelegate`'s
    /// `sheetPresentationControllerDidChangeSelectedDetentIdentifier(_:)`:
    /// the sheet settled at its selected detent after the gesture.
    @available(iOS 16.0, *)
    public func sheetDidChangeSelectedDetent(_ sheet: UISheetPresentationController) {
        guard reportsOutcome else { return }
        recorder.setSheetOutcome(dismissed: false, selectedIdentifier: sheet.selectedDetentIdentifier?.rawValue)
    }

    /// Forward from `UIAdaptivePresentationControllerDelegate`'s
    /// `presentationControllerDidDismiss(_:)`: the sheet or screen was dismissed.
    public func presentationDidDismiss() {
        guard reportsOutcome else { return }
        recorder.setObserved(.finish)
    }

    /// Call when the app begins the interactive transition of a gesture (in
    /// its pan handler, after `dismiss` or `pop`), with the view
    /// controller's `transitionCoordinator`: when the interaction ends, the
    /// outcome is `cancel` or `finish` as the coordinator reports it.
    public func transitionDidBegin(_ coordinator: UIViewControllerTransitionCoordinator?) {
        guard reportsOutcome, let coordinator else { return }
        transitionBegan = true
        coordinator.notifyWhenInteractionChanges { [weak self] context in
            let cancelled = context.isCancelled
            // Later on the main actor: after the touch's own end reached the
            // recorder, so that the outcome is the last gesture's.
            Task { @MainActor in self?.transitionEnded(cancelled: cancelled) }
        }
    }

    private func transitionEnded(cancelled: Bool) {
        recorder.setTransitionOutcome(began: true, cancelled: cancelled)
    }

    @objc private func reportSettledSheet() {
        guard #available(iOS 16.0, *), let controller = sheet?() as? UISheetPresentationController else { return }
        let presented = controller.presentedViewController
        let dismissed = presented.isBeingDismissed || presented.view.window == nil
        recorder.setSheetOutcome(dismissed: dismissed, selectedIdentifier: controller.selectedDetentIdentifier?.rawValue)
    }

    private func reportOutcomeAtTheEnd() {
        guard reportsOutcome else { return }
        if sheet != nil {
            perform(#selector(reportSettledSheet), with: nil, afterDelay: settleDelay)
        } else if !transitionBegan {
            recorder.setTransitionOutcome(began: false, cancelled: false)
        }
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
        if change == .began, tracker.count == 1 { transitionBegan = false }
        if tracker.isEmpty, change == .ended || change == .cancelled {
            reportOutcomeAtTheEnd()
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
