import FlickCore
import Foundation

/// One file of `Store.apply`, inside the run's store transaction:
///
///   row      the clip's row read again (decision, path, identity, state);
///            a row another Flick already applied is reported as that
///            (`AlreadyMoved`), never as a failure
///   lookup   walked to from the reviewed folder, no link followed
///   hold     opened once from its verified parent (`HeldFile`); identity
///            and fingerprint come from that descriptor
///   move     `move` renames it by name, then proves the entry moved is the
///            held file (device and inode), or puts it back
///   record   marked applied, with its action
extension Store {
    typealias Mover = (NoFollowDirectory.Entry, HeldFile, String) -> Result<Void, FileFailure.Reason>

    /// `moved` learns of the move as soon as it is done, before it is recorded.
    /// `partner`: for a file not marked itself, the clip whose decision
    /// covers it (the other half of its Live Photo).
    func moveOne(_ item: FileItem, folder: FolderRecord, partner: Int64? = nil, handle: NoFollowDirectory, trash: TrashCan,
                 afterOpen: (FileItem) -> Void, afterCheck: (FileItem) -> Void, moved: (FileItem) -> Void,
                 move: Mover) throws(StoreError) -> MoveOutcome {
        guard let row = try db.rows("SELECT \(Self.clipColumns), state FROM clip WHERE id = ? AND folder_id = ?", item.clipID, folder.id).first,
              let clip = Self.clip(row), let stored = clip.identity else {
            return .failed(FileFailure(path: item.relativePath, reason: .gone))
        }
        let path = clip.relativePath
        guard FileOperations.isSafeRelativePath(path) else { return .failed(FileFailure(path: path, reason: .outsideFolder)) }
        let lookup = handle.lookup(path)
        if row[10].string == "applied", item.identity.isSameFile(as: stored) {
            // Another Flick moved this very file, as decided; unless it is back.
            if case .success(let entry) = lookup, entry.identity.isSameFile(as: stored) {
                return .failed(FileFailure(path: path, reason: .changed))
            }
            return .movedByAnother(AlreadyMoved(item: item, place: trash.find(item, handle: handle)))
        }
        let entry: NoFollowDirectory.Entry
        switch lookup {
        case .success(let found): entry = found
        case .failure(let reason): return .failed(FileFailure(path: path, reason: reason))
        }
        // What is checked and moved is one open file (HeldFile).
        let held: HeldFile
        switch HeldFile.hold(entry) {
        case .success(let opened): held = opened
        case .failure(let reason): return .failed(FileFailure(path: path, reason: reason))
        }
        afterOpen(item)
        // The file there now must be the one decided on, and the one the
        // user confirmed; and it must still be marked for deletion.
        guard row[10].string == "present", held.identity.isSameFile(as: stored), item.identity.isSameFile(as: stored) else {
            return .failed(FileFailure(path: path, reason: .changed))
        }
        let covered = clip.decision == .delete ? true : try covered(clip, by: partner)
        guard covered else { return .failed(FileFailure(path: path, reason: .notMarked)) }
        // Its bytes, read again just before the move: a file rewritten in
        // place or another file under the old device and inode numbers.
        if let expected = clip.fingerprint, held.fingerprint != expected {
            return .failed(FileFailure(path: path, reason: .changed))
        }
        afterCheck(item)
        if case .failure(let reason) = move(entry, held, folder.path + "/" + path) {
            return .failed(FileFailure(path: path, reason: reason))
        }
        let done = FileItem(clipID: clip.id, relativePath: path, absolutePath: folder.path + "/" + path,
                            size: Int64(held.info.st_size), identity: held.identity)
        moved(done)
        try db.run("UPDATE clip SET state = 'applied' WHERE id = ?", clip.id)
        try db.run("INSERT INTO action(folder_id, kind, clip_id, decision, at) VALUES (?, 'apply', ?, 'delete', ?)",
                   folder.id, clip.id, Date().timeIntervalSince1970)
        return .moved(done)
    }
}

extension Store {
    /// Whether `clip`, not marked itself, goes with `partner`: it is not
    /// liked, and `partner` was moved out of the folder as marked for
    /// deletion (read in the move's transaction, so a like from another
    /// window meanwhile keeps it).
    func covered(_ clip: StoredClip, by partner: Int64?) throws(StoreError) -> Bool {
        guard let partner, clip.decision != .like,
              let row = try db.rows("SELECT state, decision FROM clip WHERE id = ?", partner).first else { return false }
        return row[0].string == "applied" && row[1].string == Decision.delete.rawValue
    }

    /// Of `refused` (what `FileOperations.check` found gone among `clips`),
    /// the files another Flick moved as decided meanwhile — their rows now
    /// applied, for the same file — as done, and the rest as they were.
    /// `environment` gives the home Trash, where they are looked for.
    public func movedByAnother(_ refused: [FileFailure], of clips: [StoredClip], in folder: FolderRecord,
                               environment: [String: String] = ProcessInfo.processInfo.environment)
        -> (alreadyMoved: [AlreadyMoved], rest: [FileFailure]) {
        guard refused.contains(where: { $0.reason == .gone }), let handle = try? NoFollowDirectory(path: folder.path) else { return ([], refused) }
        let byPath = Dictionary(clips.map { (RawPath.key($0.relativePath), $0) }, uniquingKeysWith: { first, _ in first })
        let trash = TrashCan(environment: environment)
        var already: [AlreadyMoved] = [], rest: [FileFailure] = []
        for failure in refused {
            guard failure.reason == .gone, let clip = byPath[RawPath.key(failure.path)], let identity = clip.identity,
                  let row = try? db.rows("SELECT state, device, inode, size, mtime FROM clip WHERE id = ?", clip.id).first,
                  row[0].string == "applied", Self.identity(row[1], row[2], row[3], row[4]).isSameFile(as: identity) else {
                rest.append(failure)
                continue
            }
            let item = FileItem(clipID: clip.id, relativePath: clip.relativePath, absolutePath: folder.path + "/" + clip.relativePath,
                                size: identity.size, identity: identity)
            already.append(AlreadyMoved(item: item, place: trash.find(item, handle: handle)))
        }
        return (already, rest)
    }
}
