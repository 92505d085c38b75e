import FlickCore
import FlickStore
import Foundation

/// The decision store's errors and the file operations' failures, worded.
extension ErrorText {
    static func store(_ error: StoreError) -> String {
        switch error.kind {
        case .notInFolder(let path, true):
            tr("“%@” was already moved out of the folder (Apply, in another Flick window or `flick apply`); this change was not recorded.",
               RawPath.printable(path))
        case .notInFolder(let path, false): tr("“%@” is no longer in the folder; this change was not recorded.", RawPath.printable(path))
        case .untrusted(let path, let why): untrusted(RawPath.printable(path), why)
        case .folder(let failure): file(failure)
        case .notLastStep(let position, true):
            tr("The decision on clip %ld is not one of the session’s last steps; nothing was saved.", position + 1)
        case .notLastStep(let position, false): tr("The decision on clip %ld is not the session’s last step; it was not saved.", position + 1)
        case .noFolderOpen: tr("No folder is open, so the decision has nowhere to be saved.")
        default: storeFile(error.kind)
        }
    }

    /// The failures that name the store file (or another file) and what happened to it.
    private static func storeFile(_ kind: StoreError.Kind) -> String {
        switch kind {
        case .newerSchema(let path, let found, let reads):
            tr("The decision store “%@” was written by a newer Flick (schema %ld, this Flick reads up to %ld).", RawPath.printable(path), found, reads)
        case .diskFull(let path):
            tr("Can’t open the decision store “%@”: the disk that holds it is full. Free some space there and run Flick again; the decisions in it are untouched.",
               RawPath.printable(path))
        case .notWritable(let path, let detail):
            tr("Can’t open the decision store “%@” for writing (%@): its folder or file system is read-only or not writable. The decisions in it are untouched.",
               RawPath.printable(path), detail)
        case .diskError(let path, let detail):
            tr("Can’t open the decision store “%@”: the disk that holds it reported an error (%@). The decisions in it are untouched; check the disk and run Flick again.",
               RawPath.printable(path), detail)
        case .movedWhileOpen(let path):
            tr("The decision store “%@” was moved or removed while Flick had it open, so this change was not recorded. Put it back, or quit Flick and start it again to begin a new store.",
               RawPath.printable(path))
        case .pathOutsideFolder(let path, let folder):
            tr("The decision store lists “%@” for “%@”, which is not a path inside the folder; nothing was moved.",
               RawPath.printable(path), RawPath.printable(folder))
        case .sqlite(let path, let operation?, let detail):
            tr("The decision store “%@” failed (%@): %@.", RawPath.printable(path), operation, detail)
        case .sqlite(let path, nil, let detail): tr("The decision store “%@” failed: %@.", RawPath.printable(path), detail)
        case .cannotWrite(let path, let code): tr("Can’t write “%@”: %@.", RawPath.printable(path), writeFailure(code))
        case .changedByOther(let path, let folder):
            tr("Another Flick added this file to the decision store “%@” while this one was opening “%@”; its record is kept and nothing is lost. The folder is read again: decide the card once more.",
               RawPath.printable(path), RawPath.printable(folder))
        case .cannotCreate(let path, let code): tr("Can’t create the decision store “%@”: %@.", RawPath.printable(path), system(code))
        case .cannotCreateDirectory(let path, let detail): tr("Can’t create “%@” for Flick’s decisions: %@", RawPath.printable(path), detail)
        case .notInFolder, .untrusted, .folder, .notLastStep, .noFolderOpen: store(StoreError(kind))
        }
    }

    private static func untrusted(_ shown: String, _ why: StoreError.Untrusted) -> String {
        let reason = switch why {
        case .errno(let code): system(code)
        case .sqlite(let message): message
        case .notRegular: tr("it is not a regular file")
        case .empty: tr("it is empty (0 bytes), so every decision it held is gone")
        case .notSQLite: tr("it is not an SQLite database (cut short or overwritten)")
        }
        return tr("Can’t use the decision store “%@”: %@. Flick changed nothing. To start over with no decisions, move it aside (mv “%@” “%@.broken”) and run Flick again.",
                  shown, reason, shown, shown)
    }

    // MARK: files

    /// "a.mp4: the file is no longer there"; a file that changed while it
    /// was being moved is a sentence of its own.
    static func file(_ failure: FileFailure) -> String {
        let shown = RawPath.printable(failure.path)
        guard case .changedWhileMoving(let putBack) = failure.reason else { return tr("%@: %@", shown, file(failure.reason)) }
        switch putBack {
        case .underItsName: return tr("%@ changed while it was being moved; nothing was deleted", shown)
        case .beside(let name):
            return tr("%@ changed while it was being moved; nothing was deleted (the file that had taken its name is back beside it as “%@”)",
                      shown, RawPath.printable(name))
        case .stayed(let place, let code):
            return tr("%@ changed while it was being moved; nothing was deleted, but the file that had taken its name could not be put back (%@): it is in “%@”, where you can restore it",
                      shown, system(code), RawPath.printable(place))
        }
    }

    /// A line of the command's report for a file not moved.
    static func notMoved(_ failure: FileFailure) -> String {
        if case .changedWhileMoving = failure.reason { return file(failure) }
        return tr("Couldn’t move %@", file(failure))
    }

    /// "a.mp4: already in the Trash (moved by another Flick)".
    static func alreadyMoved(_ moved: AlreadyMoved) -> String {
        let shown = RawPath.printable(moved.item.relativePath)
        switch moved.place {
        case .trash: return tr("%@: already in the Trash (moved by another Flick)", shown)
        case .rejectedFolder: return tr("%@: already in “%@” (moved by another Flick)", shown, FolderScan.rejectedFolderName)
        case .unknown: return tr("%@: already moved out of the folder by another Flick", shown)
        }
    }

    static func file(_ reason: FileFailure.Reason) -> String {
        switch reason {
        case .gone: tr("the file is no longer there")
        case .permissionDenied: tr("permission denied")
        case .noTrash: tr("its filesystem has no Trash")
        case .readOnly(let mount): tr("its filesystem (“%@”) is mounted read-only, so nothing on it can be moved", RawPath.printable(mount))
        case .trashUnwritable(let folder, let why): tr("the Trash folder “%@” can’t be written (%@), so the file stays", RawPath.printable(folder), unwritable(why))
        case .trashUncreatable(let folder, .immutable(let top)):
            tr("can’t create the Trash folder “%@”: the folder “%@” is immutable (chattr +i), so the file stays", RawPath.printable(folder), RawPath.printable(top))
        case .trashUncreatable(let folder, .errno(let code)):
            tr("can’t create the Trash folder “%@”: %@, so the file stays", RawPath.printable(folder), uncreatable(code))
        case .changedWhileMoving: tr("it changed while it was being moved; nothing was deleted")
        case .trashNotAFolder(let folder): tr("the Trash folder “%@” is a link or not a folder, so Flick will not use it", RawPath.printable(folder))
        case .trashFull: tr("the Trash has no free name for it")
        case .rejectedNotAFolder(let name): tr("“%@” in the folder is a link or not a folder, so Flick will not move files into it", RawPath.printable(name))
        case .rejectedFull: tr("“%@” has no free name for it", FolderScan.rejectedFolderName)
        case .noFreeName(let folder): tr("no free name in “%@”", RawPath.printable(folder))
        case .outsideFolder: tr("it lies outside the reviewed folder, so Flick will not move it")
        case .changed: tr("it changed since you reviewed it (it is not the file you decided on), so Flick will not move it")
        case .notMarked: tr("it is no longer marked for deletion")
        case .folderUnopenable(let code): tr("can’t open the reviewed folder: %@", system(code))
        case .readOnlyFilesystem: tr("its filesystem is mounted read-only")
        case .otherFilesystem: tr("it is on another filesystem than the reviewed folder")
        case .notRegular(let mode): tr("it is not a regular file (%@)", fileType(mode))
        case .cannotCreateFolder(let folder, let code): tr("can’t create “%@”: %@", RawPath.printable(folder), system(code))
        case .destination(let error): destination(error)
        case .store(let error): store(error)
        case .cancelled: tr("cancelled")
        case .errno(let code): system(code)
        }
    }

    private static func uncreatable(_ code: Int32) -> String {
        switch code {
        case EROFS: tr("its folder is on a read-only filesystem")
        case EACCES, EPERM: tr("its folder can’t be written (permission denied)")
        default: system(code)
        }
    }

    private static func unwritable(_ why: FileFailure.Unwritable) -> String {
        switch why {
        case .foreign: tr("it belongs to another user or disk")
        case .errno(let code) where code == EROFS: tr("it is on a read-only filesystem")
        case .errno(let code): system(code)
        }
    }

    /// What a file that is not a regular file is ("a FIFO").
    static func fileType(_ mode: UInt32) -> String {
        switch mode_t(mode) & S_IFMT {
        case S_IFIFO: tr("a FIFO")
        case S_IFCHR: tr("a character device")
        case S_IFBLK: tr("a block device")
        case S_IFSOCK: tr("a socket")
        case S_IFDIR: tr("a folder")
        default: tr("not a file")
        }
    }

    // MARK: export destinations and sidecars

    /// What is wrong with a sidecar's text ("it ends inside a comment").
    static func xmp(_ malformed: XMPRating.Malformed) -> String {
        switch malformed {
        case .notUTF8: tr("it is not UTF-8 text")
        case .notText(let encoding): tr("it starts as %@ text but is not valid %@", encoding, encoding)
        case .unclosed(let element): tr("it ends before <%@> is closed", element)
        case .noElements: tr("it holds no XML elements")
        case .endsInTag(let tag): tr("it ends inside the tag <%@>", tag)
        case .noSpaceBeforeAttribute(let tag): tr("the tag <%@> has no space before an attribute", tag)
        case .endTagNotClosed(let tag): tr("the end tag </%@> is not closed", tag)
        case .closesNothing(let tag): tr("</%@> closes nothing", tag)
        case .closesOther(let tag, let open): tr("</%@> closes <%@>", tag, open)
        case .noValue(let attribute, let element): tr("the attribute %@ of <%@> has no value", attribute, element)
        case .notQuoted(let attribute, let element): tr("the value of %@ in <%@> is not quoted", attribute, element)
        case .valueNotClosed(let attribute, let element): tr("the value of %@ in <%@> is not closed", attribute, element)
        case .nameless(let part): tr("it has %@ without a name", xmp(part))
        case .endsInside(let part): tr("it ends inside %@", xmp(part))
        case .noDescription: tr("it has no rdf:Description to hold a rating")
        }
    }

    private static func xmp(_ part: XMPRating.Malformed.Part) -> String {
        switch part {
        case .processingInstruction: tr("a processing instruction")
        case .comment: tr("a comment")
        case .cdata: tr("a CDATA section")
        case .declaration: tr("a declaration")
        case .element: tr("an element")
        case .endTag: tr("an end tag")
        case .attribute(let element): tr("an attribute of <%@>", element)
        }
    }

    static func destination(_ error: ExportDestinationError) -> String {
        let path = RawPath.printable(error.destination), folder = RawPath.printable(error.folder)
        return switch error.reason {
        case .exists: tr("“%@” already exists; Flick won’t overwrite it (use --force to replace it, or choose another name).", path)
        case .clipOfFolder: tr("“%@” is a file of the reviewed folder “%@”; Flick never writes over it.", path, folder)
        case .insideFolder: tr("“%@” is inside the reviewed folder “%@”; choose a place outside it, or the export would join the deck.", path, folder)
        case .noParent: tr("Can’t write “%@”: its folder does not exist.", path)
        case .isAFolder: tr("“%@” is a folder; name a file to write.", path)
        case .notAFolder: tr("“%@” is a file, not a folder.", path)
        case .unusable(let code): tr("Can’t write “%@”: %@.", path, system(code))
        case .folderUnopenable(let code): tr("Can’t write “%@”: can’t open the reviewed folder: %@.", path, system(code))
        }
    }

    /// "Can’t update the XMP sidecar “/v/a.mp4.xmp”: it is not a regular file."
    static func sidecar(_ failure: Sidecars.Failure) -> String {
        tr("Can’t update the XMP sidecar “%@”: %@.", RawPath.printable(failure.sidecar), sidecar(failure.reason))
    }

    static func sidecar(_ reason: Sidecars.Failure.Reason) -> String {
        switch reason {
        // Text in an encoding it breaks is named by the encoding (a UTF-16
        // sidecar is XMP; a broken one is broken UTF-16).
        case .invalidXMP(.notText(let encoding)): tr("it starts as %@ text but is not valid %@", encoding, encoding)
        case .invalidXMP(let malformed): tr("it is not valid XMP (%@)", xmp(malformed))
        case .store(let error): store(error)
        case .symlink: tr("it is a symbolic link; Flick doesn’t write through links")
        case .notRegular: tr("it is not a regular file")
        case .tooLarge: tr("it is too large to be a sidecar")
        case .errno(let code): system(code)
        }
    }
}
