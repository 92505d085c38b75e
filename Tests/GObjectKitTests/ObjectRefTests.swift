import CGObject
import GObjectKit
import Testing

/// An owned GObject is released exactly once, when its last owner goes; a
/// lent one (transfer none) is kept with a reference of the owner's own and
/// left to its lender afterwards. Observed through GLib's own count and a
/// weak reference's notify, on plain GObjects (no display).
@Suite struct ObjectRefTests {
    @Test func aTakenReferenceIsReleasedOnceWhenTheOwnerGoes() {
        let finalized = Finalizations()
        let object = finalized.make(floating: false)
        var owner: ObjectRef<UnsafeMutableRawPointer>? = ObjectRef(taking: object)
        #expect(Finalizations.references(object) == 1, "taking adds no reference")
        var copy = owner
        owner = nil
        #expect(finalized.count == 0, "a second Swift owner keeps it")
        copy = nil
        #expect(copy == nil && finalized.count == 1, "released once, by the last owner")
    }

    @Test func aFloatingReferenceIsSunkAndThenOwned() {
        let finalized = Finalizations()
        let object = finalized.make(floating: true)
        #expect(Finalizations.isFloating(object))
        var owner: ObjectRef<UnsafeMutableRawPointer>? = ObjectRef(taking: object)
        #expect(!Finalizations.isFloating(object), "a new widget kept by Swift is no longer floating")
        #expect(Finalizations.references(object) == 1)
        owner = nil
        #expect(owner == nil && finalized.count == 1)
    }

    @Test func aLentReferenceIsRetainedAndGivenBack() {
        let finalized = Finalizations()
        let object = finalized.make(floating: false)  // the lender's reference
        var owner: ObjectRef<UnsafeMutableRawPointer>? = ObjectRef(retaining: object)
        #expect(Finalizations.references(object) == 2, "the owner's own reference beside the lender's")
        owner = nil
        #expect(owner == nil && Finalizations.references(object) == 1 && finalized.count == 0,
                "the lender's reference is left alone")
        var lender: ObjectRef<UnsafeMutableRawPointer>? = ObjectRef(taking: object)
        lender = nil
        #expect(lender == nil && finalized.count == 1)
    }

    @Test func passRetainedGivesACallThatTakesOverAReferenceOfItsOwn() {
        let finalized = Finalizations()
        let object = finalized.make(floating: false)
        var owner: ObjectRef<UnsafeMutableRawPointer>? = ObjectRef(taking: object)
        let given = owner?.passRetained()
        #expect(given == object && Finalizations.references(object) == 2)
        owner = nil
        #expect(owner == nil && finalized.count == 0, "what the callee took outlives the owner")
        g_object_unref(object)  // the callee lets go
        #expect(finalized.count == 1)
    }

    @Test func aWeakReferenceYieldsTheObjectOnlyWhileItLives() {
        let finalized = Finalizations()
        var owner: ObjectRef<UnsafeMutableRawPointer>? = ObjectRef(taking: finalized.make(floating: false))
        guard let object = owner?.pointer else { return #expect(Bool(false), "no object") }
        let weak = WeakObjectRef(object)
        #expect(Finalizations.references(object) == 1, "a weak reference adds none")
        #expect(weak.with { Finalizations.references($0) } == 2, "held while the body runs")
        #expect(Finalizations.references(object) == 1, "and let go after it")
        owner = nil
        #expect(owner == nil && !weak.isAlive && weak.with { _ in true } == nil)
        #expect(finalized.count == 1)
    }
}
