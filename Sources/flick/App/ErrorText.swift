import FlickCore
import FlickMedia
import FlickStore
import Foundation

/// What went wrong, in words: every error the libraries throw is worded
/// here, through gettext, for the window (dialogs, cards, toasts) and the
/// command line alike. The libraries' errors carry facts (the file, the
/// errno, the operation, the cause); their `description` is for logs.
enum ErrorText {
    /// Any error, worded for the user.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as FolderError: folder(error)
        case let error as StoreError: store(error)
        case let error as MediaError: media(error)
        case let error as StitchError: stitch(error)
        case let error as FileFailure: file(error)
        case let error as ExportDestinationError: destination(error)
        case let error as Sidecars.Failure: sidecar(error)
        case let error as XMPRating.Malformed: xmp(error)
        case let error as Worded: error.text
        case let error as CustomStringConvertible: error.description
        default: String(describing: error)
        }
    }

    /// An error already worded by the app (for code that passes errors on
    /// as values, such as the review model's "not saved").
    struct Worded: Error, Sendable, CustomStringConvertible {
        let text: String
        init(_ text: String) { self.text = text }
        init(_ error: any Error) { text = ErrorText.describe(error) }
        var description: String { text }
    }

    /// The system's words for `code` ("permission denied").
    static func system(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    /// The system's words for a failed write, "it already exists" for EEXIST.
    static func writeFailure(_ code: Int32) -> String {
        code == EEXIST ? tr("it already exists") : system(code)
    }

    // MARK: folders

    static func folder(_ error: FolderError) -> String {
        switch error {
        case .notFound(let path): tr("Can’t open “%@”: there is no such folder.", path)
        case .notAFolder(let path): tr("Can’t open “%@”: it is a file, not a folder.", path)
        case .unreadable(let path, let code) where code == EACCES || code == EPERM:
            tr("Can’t open “%@”: permission denied.", path)
        case .unreadable(let path, let code): tr("Can’t open “%@”: %@.", path, system(code))
        }
    }

    // MARK: media

    static func media(_ error: MediaError) -> String {
        switch error {
        case .unreadable(let file, let reason): tr("Can’t read %@: %@", file, media(reason))
        case .notAVideo(let file, let reason): tr("Can’t play %@: %@", file, media(reason))
        case .missingDecoder(let file, let what, let package):
            tr("Can’t play %@: no %@ decoder is installed (install %@)", file, what, package)
        case .timedOut(let file): tr("Can’t play %@: it took too long to open", file)
        case .noPicture(let file): tr("Can’t play %@: it has sound but no picture", file)
        case .tooLarge(let file, let width, let height): tr("Can’t play %@: it is too large to play (%ld×%ld)", file, width, height)
        case .missingLoader(let file, let format, let package):
            tr("Can’t show %@: no %@ loader is installed (install %@)", file, format, package)
        }
    }

    static func media(_ reason: MediaError.Reason) -> String {
        switch reason {
        case .file(let failure): file(failure)
        case .noURI: tr("the name cannot be turned into a URI")
        case .notAPicture: tr("it is not a picture Flick can read")
        case .noPictureStream: tr("it has no picture")
        case .noDecoder: tr("GStreamer could not build a decoder")
        case .noPictureCameOut: tr("no picture came out")
        case .pictureCutShort: tr("the picture is cut short")
        case .playbinMissing: tr("GStreamer’s playbin is missing (install gstreamer1.0-plugins-base)")
        case .noVideoSink: tr("GStreamer could not build a video sink")
        case .cannotRead: tr("GStreamer could not read it")
        case .cannotPlay: tr("GStreamer could not play it")
        case .gstreamer(let message), .decoder(let message): message
        case .stalled(let seconds): tr("its file system stopped answering for %ld seconds", seconds)
        }
    }

    static func file(_ failure: FileBytes.Failure) -> String {
        switch failure {
        case .gone: tr("the file is gone")
        case .notRegular: tr("it is not a regular file")
        case .permissionDenied: tr("permission denied")
        case .empty: tr("the file is empty")
        case .unreadable: tr("it cannot be read")
        }
    }

    // MARK: stitching

    static func stitch(_ error: StitchError) -> String {
        switch error {
        case .noClips: tr("There are no liked clips to stitch.")
        case .soundOnly(let clip): tr("Can’t stitch %@: it has no picture (sound only); leave it out.", name(clip))
        case .unknownFormat(let destination): tr("Can’t stitch into “%@”: name it .mp4, .webm or .mkv.", RawPath.printable(destination))
        case .missingElement(let element, let package):
            tr("Can’t re-encode the clips: GStreamer has no %@ (install %@).", element, package ?? tr("the plugin that provides it"))
        case .notBuilt(let detail): tr("Can’t build the stitching pipeline: %@.", detail ?? tr("unknown error"))
        case .notStarted: tr("Can’t start stitching (GStreamer refused the pipeline).")
        case .notWatched: tr("Can’t watch the stitching pipeline.")
        case .cancelled: tr("Stitching was cancelled; nothing was written.")
        case .cannotWrite(let destination, let code): tr("Can’t write “%@”: %@.", RawPath.printable(destination), writeFailure(code))
        case .failed(let clip, let detail): stitched(clip, detail ?? tr("GStreamer stopped"))
        case .stalled(let clip, let seconds):
            stitched(clip, tr("the stitching made no progress for %ld seconds, so Flick stopped it; nothing was written.", seconds))
        }
    }

    private static func stitched(_ clip: String?, _ reason: String) -> String {
        guard let clip else { return tr("Can’t stitch the clips: %@", reason) }
        return tr("Can’t stitch %@: %@", name(clip), reason)
    }

    /// Why a clip's name can't go in an MLT project.
    static func mlt(_ refusal: Timeline.MLTRefusal) -> String {
        switch refusal {
        case .notUTF8: tr("its name is not UTF-8, which an MLT project can’t hold; rename it to include it")
        case .controlCharacters: tr("its name holds control characters, which an MLT project can’t hold; rename it to include it")
        case .photoFormat: tr("MLT can’t read HEIC photos, so an MLT project can’t hold it (Shotcut would show it as INVALID); convert it to JPEG to include it")
        }
    }

    /// The file name of `path`, printable.
    private static func name(_ path: String) -> String {
        RawPath.printable((path as NSString).lastPathComponent)
    }
}
