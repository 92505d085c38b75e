import FlickCore
import FlickMedia
@testable import FlickStore
import FlickApp
import Foundation
import Testing
@testable import flick

/// Every error the libraries throw reads as a sentence that names its file.
@Suite struct ErrorTextTests {
    static let store = "/home/u/.local/share/flick/flick.db"
    static let folder = "/home/u/Videos"

    /// One of every `StoreError.Kind` (`ErrorCases` asks for a sample of
    /// each kind there is), with the name it must show.
    static let storeKinds: [(StoreError.Kind, String?)] = [
        (.notInFolder(path: "c.jpg", applied: true), "c.jpg"),
        (.notInFolder(path: "c.jpg", applied: false), "c.jpg"),
        (.untrusted(path: store, why: .errno(EACCES)), "flick.db"),
        (.untrusted(path: store, why: .sqlite("file is not a database")), "flick.db"),
        (.untrusted(path: store, why: .notRegular), "flick.db"),
        (.untrusted(path: store, why: .empty), "flick.db"),
        (.untrusted(path: store, why: .notSQLite), "flick.db"),
        (.newerSchema(path: store, found: 9, reads: 7), "flick.db"),
        (.diskFull(path: store), "flick.db"),
        (.notWritable(path: store, detail: "readonly database"), "flick.db"),
        (.diskError(path: store, detail: "disk I/O error"), "flick.db"),
        (.movedWhileOpen(path: store), "flick.db"),
        (.pathOutsideFolder(path: "../a.mp4", folder: folder), "../a.mp4"),
        (.folder(FileFailure(path: folder, reason: .folderUnopenable(EACCES))), "Videos"),
        (.notLastStep(position: 2, inBatch: true), nil),
        (.notLastStep(position: 2, inBatch: false), nil),
        (.sqlite(path: store, operation: "step", detail: "database is locked"), "flick.db"),
        (.sqlite(path: store, operation: nil, detail: "database is locked"), "flick.db"),
        (.cannotWrite(path: "/tmp/likes.m3u8", errno: EEXIST), "likes.m3u8"),
        (.changedByOther(path: store, folder: folder), "flick.db"),
        (.cannotCreate(path: store, errno: ENOSPC), "flick.db"),
        (.cannotCreateDirectory(path: "/home/u/.local/share/flick", detail: "Permission denied."), "share/flick"),
        (.noFolderOpen, nil),
    ]

    static let fileReasons: [FileFailure.Reason] = [
        .gone, .permissionDenied, .noTrash, .readOnly("/media/card"), .trashUnwritable("/media/card/.Trash-1000", .foreign),
        .trashUnwritable("/media/card/.Trash-1000", .errno(EROFS)), .trashUnwritable("/media/card/.Trash-1000", .errno(EACCES)),
        .trashUncreatable("/media/card/.Trash-1000", .immutable("/media/card")), .trashUncreatable("/media/card/.Trash-1000", .errno(EROFS)),
        .changedWhileMoving(.underItsName), .changedWhileMoving(.beside("a (2).mp4")),
        .changedWhileMoving(.stayed("/home/u/.local/share/Trash/files/a.mp4", EIO)),
        .trashNotAFolder("/media/card/.Trash-1000"), .trashFull, .rejectedNotAFolder("Flick Rejected"), .rejectedFull,
        .noFreeName("/tmp/out"), .outsideFolder, .changed, .notMarked, .folderUnopenable(EACCES), .readOnlyFilesystem,
        .otherFilesystem, .notRegular(mode: UInt32(S_IFIFO)), .notRegular(mode: UInt32(S_IFDIR)), .cannotCreateFolder("/tmp/out", errno: EACCES),
        .destination(ExportDestinationError(destination: "/home/u/Videos/out", folder: folder, reason: .insideFolder)),
        .store(StoreError(.diskFull(path: store))), .cancelled, .errno(EIO),
    ]

    static let mediaReasons: [MediaError.Reason] = FileBytes.Failure.allCases.map { .file($0) } + [
        .noURI, .notAPicture, .noPictureStream, .noDecoder, .noPictureCameOut, .pictureCutShort, .playbinMissing,
        .noVideoSink, .cannotRead, .cannotPlay, .gstreamer("Internal data stream error."),
        .decoder("invalid data found when processing input"), .stalled(seconds: 10),
    ]

    static let mediaErrors: [MediaError] = mediaReasons.flatMap { [MediaError.unreadable(file: "a.mp4", reason: $0), .notAVideo(file: "a.mp4", reason: $0)] } + [
        .missingDecoder(file: "a.mp4", what: "AV1", package: "gstreamer1.0-plugins-bad"), .timedOut(file: "a.mp4"), .noPicture(file: "a.mp4"),
        .tooLarge(file: "a.mp4", width: 16384, height: 16384), .missingLoader(file: "a.mp4", format: "HEIF", package: "heif-gdk-pixbuf"),
    ]

    static let stitchErrors: [(StitchError, String?)] = [
        (.noClips, nil), (.soundOnly(clip: "/v/voice.mp4"), "voice.mp4"), (.unknownFormat(destination: "/tmp/out.avi"), "out.avi"),
        (.missingElement(element: "x264enc", package: "gstreamer1.0-plugins-ugly"), "x264enc"),
        (.missingElement(element: "x264enc", package: nil), "x264enc"), (.notBuilt(detail: "no element"), nil), (.notBuilt(detail: nil), nil),
        (.notStarted, nil), (.notWatched, nil), (.cancelled, nil), (.cannotWrite(destination: "/tmp/out.mp4", errno: ENOSPC), "out.mp4"),
        (.failed(clip: "/v/rally.mp4", detail: "Internal data stream error."), "rally.mp4"), (.failed(clip: nil, detail: nil), nil),
        (.stalled(clip: "/v/rally.mp4", seconds: 30), "rally.mp4"), (.stalled(clip: nil, seconds: 30), nil),
    ]

    static let destinationReasons: [ExportDestinationError.Reason] = [
        .exists, .clipOfFolder, .insideFolder, .noParent, .isAFolder, .notAFolder, .unusable(EACCES), .folderUnopenable(EACCES),
    ]

    static let sidecarReasons: [Sidecars.Failure.Reason] = [
        .invalidXMP(.unclosed("rdf:RDF")), .store(StoreError(.diskFull(path: store))), .symlink, .notRegular,
        .tooLarge, .errno(EACCES),
    ]

    /// A sentence: not empty, no log form leaking through.
    static func isSentence(_ text: String) -> Bool {
        !text.isEmpty && !text.contains("StoreError") && !text.contains("MediaError") && !text.contains("(path:")
    }

    @Test func everyStoreErrorIsASentenceNamingItsFile() {
        #expect(ErrorCases.missing(Self.storeKinds.map(\.0), ErrorCases.Store.self, check: ErrorCases.Store.check).isEmpty)
        let untrusted = Self.storeKinds.compactMap { if case .untrusted(_, let why) = $0.0 { why } else { nil } }
        #expect(ErrorCases.missing(untrusted, ErrorCases.Untrusted.self, check: ErrorCases.Untrusted.check).isEmpty)
        for (kind, name) in Self.storeKinds {
            let text = ErrorText.describe(StoreError(kind))
            #expect(Self.isSentence(text), "\(kind)")
            if let name { #expect(text.contains(name), "\(kind): \(text)") }
        }
    }

    @Test func storeErrorsKeepTheirWords() {
        #expect(ErrorText.describe(StoreError(.notInFolder(path: "c.jpg", applied: false)))
            == "“c.jpg” is no longer in the folder; this change was not recorded.")
        #expect(ErrorText.describe(StoreError(.untrusted(path: "/d/flick.db", why: .empty)))
            == "Can’t use the decision store “/d/flick.db”: it is empty (0 bytes), so every decision it held is gone. Flick changed nothing. "
            + "To start over with no decisions, move it aside (mv “/d/flick.db” “/d/flick.db.broken”) and run Flick again.")
        #expect(ErrorText.describe(StoreError(.notLastStep(position: 2, inBatch: false)))
            == "The decision on clip 3 is not the session’s last step; it was not saved.")
        #expect(ErrorText.describe(StoreError(.cannotWrite(path: "/tmp/a.m3u8", errno: EEXIST))) == "Can’t write “/tmp/a.m3u8”: it already exists.")
        #expect(ErrorText.describe(StoreError(.cannotCreate(path: "/d/flick.db", errno: EACCES)))
            == "Can’t create the decision store “/d/flick.db”: permission denied.")
    }

    @Test func everyFileFailureNamesTheFile() {
        #expect(ErrorCases.missing(Self.fileReasons, ErrorCases.File.self, check: ErrorCases.File.check).isEmpty)
        for reason in Self.fileReasons {
            let text = ErrorText.describe(FileFailure(path: "sub/a.mp4", reason: reason))
            // A file that changed while moving is a sentence of its own: "sub/a.mp4 changed while…".
            let named = text.hasPrefix("sub/a.mp4: ") || (text.hasPrefix("sub/a.mp4 changed while it was being moved; nothing was deleted"))
            #expect(Self.isSentence(text) && named && text.count > "sub/a.mp4: ".count, "\(reason): \(text)")
        }
        #expect(ErrorText.file(FileFailure(path: "IMG_0001.mp4", reason: .changedWhileMoving(.underItsName)))
            == "IMG_0001.mp4 changed while it was being moved; nothing was deleted")
        #expect(ErrorText.file(FileFailure(path: "a.mp4", reason: .trashUncreatable("/m/.Trash-0", .immutable("/m"))))
            == "a.mp4: can’t create the Trash folder “/m/.Trash-0”: the folder “/m” is immutable (chattr +i), so the file stays")
        #expect(ErrorText.file(FileFailure(path: "a.mp4", reason: .gone)) == "a.mp4: the file is no longer there")
        #expect(ErrorText.file(FileFailure(path: "a.mp4", reason: .notRegular(mode: UInt32(S_IFIFO)))) == "a.mp4: it is not a regular file (a FIFO)")
        #expect(ErrorText.file(FileFailure(path: "a.mp4", reason: .trashUnwritable("/m/.Trash-1000", .errno(EROFS))))
            == "a.mp4: the Trash folder “/m/.Trash-1000” can’t be written (it is on a read-only filesystem), so the file stays")
    }

    @Test func everyMediaErrorNamesTheClip() {
        #expect(ErrorCases.missing(Self.mediaReasons, ErrorCases.MediaReason.self, check: ErrorCases.MediaReason.check).isEmpty)
        #expect(ErrorCases.missing(Self.mediaErrors, ErrorCases.Media.self, check: ErrorCases.Media.check).isEmpty)
        for error in Self.mediaErrors {
            let text = ErrorText.describe(error)
            #expect(Self.isSentence(text) && text.contains("a.mp4"), "\(error): \(text)")
            #expect(!text.hasSuffix(": "), "\(error): \(text)")
        }
        #expect(ErrorText.media(.unreadable(file: "gone.mp4", reason: .file(.gone))) == "Can’t read gone.mp4: the file is gone")
        #expect(ErrorText.media(.tooLarge(file: "huge.mkv", width: 16384, height: 16384)) == "Can’t play huge.mkv: it is too large to play (16384×16384)")
    }

    @Test func everyStitchErrorIsASentence() {
        #expect(ErrorCases.missing(Self.stitchErrors.map(\.0), ErrorCases.Stitch.self, check: ErrorCases.Stitch.check).isEmpty)
        for (error, name) in Self.stitchErrors {
            let text = ErrorText.describe(error)
            #expect(Self.isSentence(text) && !text.contains("StitchError"), "\(error)")
            if let name { #expect(text.contains(name), "\(error): \(text)") }
        }
        #expect(ErrorText.stitch(.soundOnly(clip: "/v/voice.mp4")) == "Can’t stitch voice.mp4: it has no picture (sound only); leave it out.")
    }

    @Test func everyDestinationRefusalNamesTheDestination() {
        #expect(ErrorCases.missing(Self.destinationReasons, ErrorCases.Destination.self, check: ErrorCases.Destination.check).isEmpty)
        for reason in Self.destinationReasons {
            let text = ErrorText.describe(ExportDestinationError(destination: "/tmp/likes.m3u8", folder: Self.folder, reason: reason))
            #expect(Self.isSentence(text) && text.contains("“/tmp/likes.m3u8”"), "\(reason): \(text)")
        }
    }

    @Test func everySidecarFailureNamesTheSidecar() {
        #expect(ErrorCases.missing(Self.sidecarReasons, ErrorCases.Sidecar.self, check: ErrorCases.Sidecar.check).isEmpty)
        for reason in Self.sidecarReasons {
            let text = ErrorText.describe(Sidecars.Failure(sidecar: "/v/a.mp4.xmp", reason: reason))
            #expect(Self.isSentence(text) && text.contains("“/v/a.mp4.xmp”"), "\(reason): \(text)")
        }
    }

    static let malformed: [XMPRating.Malformed] = [
        .notUTF8, .unclosed("rdf:RDF"), .noElements, .endsInTag("a"), .noSpaceBeforeAttribute("a"), .endTagNotClosed("a"),
        .closesNothing("a"), .closesOther("a", open: "b"), .noValue(attribute: "x", element: "a"), .notQuoted(attribute: "x", element: "a"),
        .valueNotClosed(attribute: "x", element: "a"), .nameless(.attribute(of: "a")), .nameless(.element), .endsInside(.comment),
        .endsInside(.processingInstruction), .endsInside(.cdata), .endsInside(.declaration), .nameless(.endTag), .noDescription,
    ]

    @Test func everyMalformedSidecarIsWordedWithTheSidecarsName() {
        // `.notText` is worded by its encoding: `aBrokenUTF16SidecarIsNamedByItsEncoding`.
        #expect(ErrorCases.missing(Self.malformed, ErrorCases.Malformed.self, check: ErrorCases.Malformed.check) == ["notText"])
        for malformed in Self.malformed {
            let text = ErrorText.sidecar(Sidecars.Failure(sidecar: "/v/a.mp4.xmp", reason: .invalidXMP(malformed)))
            #expect(text.hasPrefix("Can’t update the XMP sidecar “/v/a.mp4.xmp”: it is not valid XMP (") && text.hasSuffix(").")
                    && !text.contains("()"), "\(malformed): \(text)")
        }
        #expect(ErrorText.sidecar(Sidecars.Failure(sidecar: "/v/a.mp4.xmp", reason: .invalidXMP(.unclosed("rdf:RDF"))))
            == "Can’t update the XMP sidecar “/v/a.mp4.xmp”: it is not valid XMP (it ends before <rdf:RDF> is closed).")
        #expect(ErrorText.xmp(.endsInside(.comment)) == "it ends inside a comment")
    }

    @Test func aBrokenUTF16SidecarIsNamedByItsEncoding() {
        let text = ErrorText.sidecar(Sidecars.Failure(sidecar: "/v/a.mp4.xmp", reason: .invalidXMP(.notText("UTF-16"))))
        #expect(text == "Can’t update the XMP sidecar “/v/a.mp4.xmp”: it starts as UTF-16 text but is not valid UTF-16.")
        #expect(!text.contains("not valid XMP"))
    }

    static let folderErrors: [FolderError] = [.notFound(path: "/x/v"), .notAFolder(path: "/x/v"), .unreadable(path: "/x/v", errno: EACCES),
                                              .unreadable(path: "/x/v", errno: EIO)]

    @Test func everyFolderErrorNamesTheFolder() {
        #expect(ErrorCases.missing(Self.folderErrors, ErrorCases.Folder.self, check: ErrorCases.Folder.check).isEmpty)
        for error in Self.folderErrors {
            #expect(ErrorText.describe(error).hasPrefix("Can’t open “/x/v”: "))
        }
        #expect(ErrorText.describe(FolderError(path: "/x", errno: EACCES)) == "Can’t open “/x”: permission denied.")
        #expect(ErrorText.describe(FolderError(path: "/x", errno: EIO)) == "Can’t open “/x”: input/output error.")
    }

    @Test func everyMLTRefusalAndLeftOutClipIsWorded() throws {
        for refusal in Timeline.MLTRefusal.allCases {
            #expect(ErrorText.mlt(refusal).contains("MLT project"), "\(refusal)")
        }
        let voice = LeftOut(path: "/v/voice.mp4", relativePath: "voice.mp4", reason: .noPicture)
        #expect(LikesWords.stitchLeftOut(voice) == "voice.mp4 has no picture, left out of the stitched video")
    }

    @Test func aWordedErrorKeepsItsWordsAndTheModelShowsThem() {
        let worded = ErrorText.Worded(StoreError(.noFolderOpen))
        #expect("\(worded)" == "No folder is open, so the decision has nowhere to be saved.")
        #expect(ErrorText.describe(worded) == worded.text)
    }
}

/// The case names of each error the app words. Each `check` switch stops
/// compiling when the library adds a case; its name then goes in the list
/// above the switch, and `missing` fails until the test has a sample of it.
enum ErrorCases {
    enum Store: String, CaseIterable {
        case notInFolder, untrusted, newerSchema, diskFull, notWritable, diskError, movedWhileOpen, pathOutsideFolder, folder, notLastStep,
             sqlite, cannotWrite, changedByOther, cannotCreate, cannotCreateDirectory, noFolderOpen
        static func check(_ kind: StoreError.Kind) {
            switch kind {
            case .notInFolder, .untrusted, .newerSchema, .diskFull, .notWritable, .diskError, .movedWhileOpen, .pathOutsideFolder, .folder,
                 .notLastStep, .sqlite, .cannotWrite, .changedByOther, .cannotCreate, .cannotCreateDirectory, .noFolderOpen: break
            }
        }
    }

    enum Untrusted: String, CaseIterable {
        case errno, sqlite, notRegular, empty, notSQLite
        static func check(_ why: StoreError.Untrusted) {
            switch why { case .errno, .sqlite, .notRegular, .empty, .notSQLite: break }
        }
    }

    enum File: String, CaseIterable {
        case gone, permissionDenied, noTrash, readOnly, trashUnwritable, trashUncreatable, trashNotAFolder, trashFull, rejectedNotAFolder,
             rejectedFull, noFreeName, outsideFolder, changed, changedWhileMoving, notMarked, folderUnopenable, readOnlyFilesystem,
             otherFilesystem, notRegular, cannotCreateFolder, destination, store, cancelled, errno
        static func check(_ reason: FileFailure.Reason) {
            switch reason {
            case .gone, .permissionDenied, .noTrash, .readOnly, .trashUnwritable, .trashUncreatable, .trashNotAFolder, .trashFull,
                 .rejectedNotAFolder, .rejectedFull, .noFreeName, .outsideFolder, .changed, .changedWhileMoving, .notMarked, .folderUnopenable,
                 .readOnlyFilesystem, .otherFilesystem, .notRegular, .cannotCreateFolder, .destination, .store, .cancelled, .errno: break
            }
        }
    }

    enum Media: String, CaseIterable {
        case unreadable, notAVideo, missingDecoder, timedOut, noPicture, tooLarge, missingLoader
        static func check(_ error: MediaError) {
            switch error { case .unreadable, .notAVideo, .missingDecoder, .timedOut, .noPicture, .tooLarge, .missingLoader: break }
        }
    }

    enum MediaReason: String, CaseIterable {
        case file, noURI, notAPicture, noPictureStream, noDecoder, noPictureCameOut, pictureCutShort, playbinMissing, noVideoSink,
             cannotRead, cannotPlay, gstreamer, decoder, stalled
        static func check(_ reason: MediaError.Reason) {
            switch reason {
            case .file, .noURI, .notAPicture, .noPictureStream, .noDecoder, .noPictureCameOut, .pictureCutShort, .playbinMissing,
                 .noVideoSink, .cannotRead, .cannotPlay, .gstreamer, .decoder, .stalled: break
            }
        }
    }

    enum Stitch: String, CaseIterable {
        case noClips, soundOnly, unknownFormat, missingElement, notBuilt, notStarted, notWatched, cancelled, cannotWrite, failed, stalled
        static func check(_ error: StitchError) {
            switch error {
            case .noClips, .soundOnly, .unknownFormat, .missingElement, .notBuilt, .notStarted, .notWatched, .cancelled, .cannotWrite,
                 .failed, .stalled: break
            }
        }
    }

    enum Destination: String, CaseIterable {
        case exists, clipOfFolder, insideFolder, noParent, isAFolder, notAFolder, unusable, folderUnopenable
        static func check(_ reason: ExportDestinationError.Reason) {
            switch reason { case .exists, .clipOfFolder, .insideFolder, .noParent, .isAFolder, .notAFolder, .unusable, .folderUnopenable: break }
        }
    }

    enum Sidecar: String, CaseIterable {
        case invalidXMP, store, symlink, notRegular, tooLarge, errno
        static func check(_ reason: Sidecars.Failure.Reason) {
            switch reason { case .invalidXMP, .store, .symlink, .notRegular, .tooLarge, .errno: break }
        }
    }

    enum Malformed: String, CaseIterable {
        case notUTF8, notText, unclosed, noElements, endsInTag, noSpaceBeforeAttribute, endTagNotClosed, closesNothing, closesOther, noValue,
             notQuoted, valueNotClosed, nameless, endsInside, noDescription
        static func check(_ malformed: XMPRating.Malformed) {
            switch malformed {
            case .notUTF8, .notText, .unclosed, .noElements, .endsInTag, .noSpaceBeforeAttribute, .endTagNotClosed, .closesNothing,
                 .closesOther, .noValue, .notQuoted, .valueNotClosed, .nameless, .endsInside, .noDescription: break
            }
        }
    }

    enum Folder: String, CaseIterable {
        case notFound, notAFolder, unreadable
        static func check(_ error: FolderError) {
            switch error { case .notFound, .notAFolder, .unreadable: break }
        }
    }

    /// A case's name: its payload's label, or the case itself without one.
    static func name(_ value: Any) -> String {
        Mirror(reflecting: value).children.first?.label ?? String(describing: value)
    }

    /// The case names with no sample in `samples`, and the samples' names
    /// `Case` does not list (empty when they agree); `check` runs on each.
    static func missing<Value, Case: RawRepresentable & CaseIterable>(_ samples: [Value], _: Case.Type, check: (Value) -> Void) -> Set<String>
    where Case.RawValue == String {
        samples.forEach(check)
        return Set(Case.allCases.map(\.rawValue)).symmetricDifference(samples.map(name))
    }
}
