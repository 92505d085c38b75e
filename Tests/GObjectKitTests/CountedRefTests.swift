import CGObject
import GObjectKit
import Testing

/// A counted value (not a GObject) is released exactly once, by its kind's
/// own call: observed on GBytes, whose free function GLib calls when its
/// last reference goes.
@Suite struct CountedRefTests {
    /// GBytes over a malloc'd block whose free function counts.
    final class Frees {
        private(set) var count = 0

        func bytes() -> OpaquePointer {
            guard let block = malloc(16) else { fatalError("malloc failed") }
            let counter = Unmanaged.passRetained(self).toOpaque()
            let box = UnsafeMutablePointer<(UnsafeMutableRawPointer, UnsafeMutableRawPointer)>.allocate(capacity: 1)
            box.initialize(to: (block, counter))
            guard let bytes = g_bytes_new_with_free_func(block, 16, { data in
                guard let box = data?.assumingMemoryBound(to: (UnsafeMutableRawPointer, UnsafeMutableRawPointer).self) else { return }
                let (block, counter) = box.pointee
                free(block)
                box.deallocate()
                let frees = Unmanaged<Frees>.fromOpaque(counter).takeRetainedValue()
                frees.count += 1
            }, box) else { fatalError("g_bytes_new failed") }
            return bytes
        }
    }

    @Test func aTakenValueIsReleasedOnceWhenTheOwnerGoes() {
        let frees = Frees()
        var owner: BytesRef? = BytesRef(taking: frees.bytes())
        #expect(owner.map { g_bytes_get_size($0.pointer) } == 16)
        owner = nil
        #expect(owner == nil && frees.count == 1)
    }

    @Test func aLentValueIsRetainedAndLeftToItsLender() {
        let frees = Frees()
        let bytes = frees.bytes()  // the lender's reference
        var owner: BytesRef? = BytesRef(retaining: bytes)
        owner = nil
        #expect(owner == nil && frees.count == 0, "the lender's reference is left alone")
        var lender: BytesRef? = BytesRef(taking: bytes)
        lender = nil
        #expect(lender == nil && frees.count == 1)
    }

    @Test func passRetainedGivesACallThatTakesOverAReferenceOfItsOwn() {
        let frees = Frees()
        var owner: BytesRef? = BytesRef(taking: frees.bytes())
        guard let given = owner?.passRetained() else { return #expect(Bool(false), "no bytes") }
        owner = nil
        #expect(owner == nil && frees.count == 0, "what the callee took outlives the owner")
        g_bytes_unref(given)  // the callee lets go
        #expect(frees.count == 1)
    }
}
