import Foundation
import Testing
@testable import FlickMedia

/// Frames for the GL renderer come as R G B A, which GL uploads as they
/// are; cairo's come as B G R A.
@Suite struct PixelOrderTests {
    /// The first frame's order and its centre pixel's four bytes as stored.
    private final class FirstFrame: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: (order: PixelOrder, bytes: [UInt8])?
        var value: (order: PixelOrder, bytes: [UInt8])? { lock.withLock { seen } }

        func take(_ frame: VideoFrame) {
            guard let storage = frame.takeStorage() else { return }
            let offset = (frame.height / 2) * frame.stride + (frame.width / 2) * 4
            let pixel = storage.bytes.advanced(by: offset).assumingMemoryBound(to: UInt8.self)
            let bytes = (0..<4).map { pixel[$0] }
            lock.withLock { if seen == nil { seen = (frame.order, bytes) } }
        }
    }

    @Test(arguments: [PixelOrder.rgba, .bgra])
    func aRedClipsBytesComeInTheOrderAskedFor(order: PixelOrder) throws {
        let path = try makeClip("red-\(order.rawValue).mp4", pattern: "red", seconds: 1)
        let first = FirstFrame()
        let player = try VideoPlayer(path: path, maxWidth: 160, maxHeight: 160, order: order, muted: true,
                                     queue: DispatchQueue(label: "pixel-order"), onFrame: { first.take($0) }, onFailure: { _ in })
        defer { player.stop() }
        let deadline = Date().addingTimeInterval(10)
        while first.value == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let (seenOrder, bytes) = try #require(first.value)
        #expect(seenOrder == order)
        let red = order == .rgba ? bytes[0] : bytes[2], blue = order == .rgba ? bytes[2] : bytes[0]
        #expect(red > 230 && blue < 30 && bytes[3] == 255, "\(bytes)")
    }
}
