import CGst
import GObjectKit
import Testing
@testable import FlickMedia

/// GStreamer's mini objects (caps, buffers, samples…) are owned as
/// `CountedRef`s of their kind: released exactly once, through
/// `gst_mini_object_unref`, and a lent one is kept with a reference of its
/// own. Observed through the mini object's own count and a weak
/// reference's notify.
@Suite struct MiniObjectRefTests {
    final class Finalizations {
        private(set) var count = 0

        func watch(_ object: UnsafeMutableRawPointer) {
            gst_mini_object_weak_ref(object.assumingMemoryBound(to: GstMiniObject.self), { data, _ in
                guard let data else { return }
                Unmanaged<Finalizations>.fromOpaque(data).takeUnretainedValue().count += 1
            }, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    private func caps(_ finalized: Finalizations) -> UnsafeMutablePointer<GstCaps> {
        GStreamer.initialize()
        guard let caps = gst_caps_from_string("video/x-raw,width=320,height=240") else { fatalError("no caps") }
        finalized.watch(UnsafeMutableRawPointer(caps))
        return caps
    }

    private static func references(_ caps: UnsafeMutablePointer<GstCaps>) -> Int32 {
        caps.pointee.mini_object.refcount
    }

    @Test func takenCapsAreReleasedOnceWhenTheOwnerGoes() {
        let finalized = Finalizations()
        let made = caps(finalized)
        var owner: CapsRef? = CapsRef(taking: made)
        #expect(Self.references(made) == 1, "taking adds no reference")
        #expect(owner.flatMap { DecodeLimit.refusedSize($0.pointer) } == nil, "320×240 is allowed")
        owner = nil
        #expect(owner == nil && finalized.count == 1)
    }

    @Test func lentCapsAreRetainedAndLeftToTheirLender() {
        let finalized = Finalizations()
        let made = caps(finalized)  // the lender's reference
        var owner: CapsRef? = CapsRef(retaining: made)
        #expect(Self.references(made) == 2)
        owner = nil
        #expect(owner == nil && Self.references(made) == 1 && finalized.count == 0)
        var lender: CapsRef? = CapsRef(taking: made)
        lender = nil
        #expect(lender == nil && finalized.count == 1)
    }

    @Test func aFrameKeepsItsBufferUntilItsStorageGoes() throws {
        GStreamer.initialize()
        let finalized = Finalizations()
        guard let buffer = gst_buffer_new_allocate(nil, 64, nil) else { throw Failure.noBuffer }
        finalized.watch(UnsafeMutableRawPointer(buffer))
        var storage = FrameStorage(buffer: buffer)
        #expect(storage != nil && buffer.pointee.mini_object.refcount == 2, "the storage holds a reference of its own")
        var lender: BufferRef? = BufferRef(taking: buffer)
        lender = nil
        #expect(lender == nil && finalized.count == 0, "the pixels outlive the sample that lent them")
        storage = nil
        #expect(storage == nil && finalized.count == 1, "unmapped and released once")
    }

    enum Failure: Error { case noBuffer }
}
