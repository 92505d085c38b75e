import Foundation

/// A 2D vector in pixels (or pixels per second). +x is right, +y is down,
/// as in GTK.
public struct Vector: Equatable, Sendable, Codable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Vector(0, 0)

    public var length: Double { (x * x + y * y).squareRoot() }

    public static func + (a: Vector, b: Vector) -> Vector { Vector(a.x + b.x, a.y + b.y) }
    public static func - (a: Vector, b: Vector) -> Vector { Vector(a.x - b.x, a.y - b.y) }
    public static func * (a: Vector, k: Double) -> Vector { Vector(a.x * k, a.y * k) }
    public static func / (a: Vector, k: Double) -> Vector { Vector(a.x / k, a.y / k) }
    public func dot(_ b: Vector) -> Double { x * b.x + y * b.y }
}

/// A width and height in pixels.
public struct Size: Equatable, Sendable, Codable {
    public var width: Double
    public var height: Double

    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }

    public var diagonal: Double { (width * width + height * height).squareRoot() }
}
