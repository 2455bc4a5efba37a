import PanTraceModel

/// A screen a synthetic trace happens on: container size, pixel scale and refresh rate.
struct SyntheticDevice: Sendable {
    /// `375x667`: the size, as written into `meta.device`.
    var name: String
    var width: Double
    var height: Double
    /// Pixels per point: touch locations and offsets sit on this grid.
    var scale: Double
    /// ProMotion: touches arrive at 120 Hz (60 Hz in Low Power Mode).
    var promotion: Bool

    /// Portrait full-screen containers of common iPhones and iPads.
    static let catalog: [SyntheticDevice] = [
        SyntheticDevice(name: "375x667", width: 375, height: 667, scale: 2, promotion: false),  // SE
        SyntheticDevice(name: "390x844", width: 390, height: 844, scale: 3, promotion: false),  // 14
        SyntheticDevice(name: "393x852", width: 393, height: 852, scale: 3, promotion: true),  // 15 Pro
        SyntheticDevice(name: "430x932", width: 430, height: 932, scale: 3, promotion: true),  // Pro Max
        SyntheticDevice(name: "744x1133", width: 744, height: 1133, scale: 2, promotion: false),  // iPad mini
        SyntheticDevice(name: "820x1180", width: 820, height: 1180, scale: 2, promotion: false),  // iPad Air
        SyntheticDevice(name: "834x1194", width: 834, height: 1194, scale: 2, promotion: true),  // iPad Pro 11"
    ]

    /// A device from the catalog, iPhones three times as likely as iPads.
    static func pick(_ random: inout SeededRandom) -> SyntheticDevice {
        // Indexes 0–3 are iPhones (weight 3 each), 4–6 iPads (weight 1 each).
        let roll = random.int(0...14)
        let index = roll < 12 ? roll / 3 : 4 + (roll - 12)
        return catalog[index]
    }

    /// The touch sampling rate: 120 Hz on ProMotion screens (mostly), else 60 Hz.
    func pickRate(_ random: inout SeededRandom) -> Int {
        promotion && random.chance(0.8) ? 120 : 60
    }

    /// `value` on the device's pixel grid, then on the 1/1000 pt grid so that
    /// it prints with at most three decimals (`200.333`).
    func snap(_ value: Double) -> Double {
        let pixels = (value * scale).rounded() / scale
        return (pixels * 1000).rounded() / 1000
    }
}
