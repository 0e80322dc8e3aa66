import FoundationEssentials
import Glibc

/// Conversions between 8-bit sRGB, linear light and Oklab, with the 8-bit transfer in tables.
///
/// Oklab (Björn Ottosson, 2020) is the perceptual space the renderer measures error in:
/// Euclidean distance there tracks how different two colours look.
enum ColorSpace {
    /// sRGB byte → linear light (0…1).
    static let linearFromByte: [Float] = (0..<256).map { value in
        let c = Float(value) / 255
        return c <= 0.04045 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
    }

    /// Linear light quantised to 4096 steps → sRGB (0…255, fractional).
    private static let encodeSteps = 4096
    private static let byteFromLinearTable: [Float] = (0...encodeSteps).map { step in
        let c = Float(step) / Float(encodeSteps)
        let encoded = c <= 0.0031308 ? c * 12.92 : 1.055 * powf(c, 1 / 2.4) - 0.055
        return encoded * 255
    }

    /// Linear light (clamped to 0…1) → sRGB in 0…255 (not rounded).
    @inline(__always)
    static func srgb(fromLinear value: Float) -> Float {
        let clamped = min(max(value, 0), 1)
        return byteFromLinearTable[Int(clamped * Float(encodeSteps) + 0.5)]
    }

    /// sRGB in 0…255 (fractional allowed) → linear light, by interpolating the byte table.
    @inline(__always)
    static func linear(fromSRGB value: Float) -> Float {
        let clamped = min(max(value, 0), 255)
        let index = Int(clamped)
        if index >= 255 { return 1 }
        let t = clamped - Float(index)
        return linearFromByte[index] * (1 - t) + linearFromByte[index + 1] * t
    }

    /// Linear RGB → Oklab (L in 0…1, a and b roughly −0.4…0.4).
    @inline(__always)
    static func oklab(linear rgb: SIMD3<Float>) -> SIMD3<Float> {
        let l = 0.4122214708 * rgb.x + 0.5363325363 * rgb.y + 0.0514459929 * rgb.z
        let m = 0.2119034982 * rgb.x + 0.6806995451 * rgb.y + 0.1073969566 * rgb.z
        let s = 0.0883024619 * rgb.x + 0.2817188376 * rgb.y + 0.6299787005 * rgb.z
        let l3 = cbrtf(max(l, 0)), m3 = cbrtf(max(m, 0)), s3 = cbrtf(max(s, 0))
        return SIMD3(
            0.2104542553 * l3 + 0.7936177850 * m3 - 0.0040720468 * s3,
            1.9779984951 * l3 - 2.4285922050 * m3 + 0.4505937099 * s3,
            0.0259040371 * l3 + 0.7827717662 * m3 - 0.8086757660 * s3
        )
    }

    /// sRGB (0…255 per channel, fractional allowed) → Oklab.
    @inline(__always)
    static func oklab(srgb rgb: SIMD3<Float>) -> SIMD3<Float> {
        oklab(linear: SIMD3(linear(fromSRGB: rgb.x), linear(fromSRGB: rgb.y), linear(fromSRGB: rgb.z)))
    }

    /// Oklab → linear RGB (not clamped).
    @inline(__always)
    static func linear(oklab lab: SIMD3<Float>) -> SIMD3<Float> {
        let l3 = lab.x + 0.3963377774 * lab.y + 0.2158037573 * lab.z
        let m3 = lab.x - 0.1055613458 * lab.y - 0.0638541728 * lab.z
        let s3 = lab.x - 0.0894841775 * lab.y - 1.2914855480 * lab.z
        let l = l3 * l3 * l3, m = m3 * m3 * m3, s = s3 * s3 * s3
        return SIMD3(
            4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
            -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
            -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s
        )
    }

    /// Oklab lightness of an sRGB colour (0…1), for glyph-only modes.
    @inline(__always)
    static func lightness(srgb rgb: SIMD3<Float>) -> Float {
        oklab(srgb: rgb).x
    }
}
