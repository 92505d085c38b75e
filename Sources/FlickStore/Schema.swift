/// The store's schema, one migration per version. `PRAGMA user_version`
/// holds the version a database is at; opening applies the missing ones in
/// order, each in its own transaction. Released migrations never change;
/// a new schema is a new entry at the end.
enum Schema {
    static let migrations: [String] = [
        // 1: folders, clips with their identity and current decision, and
        // the append-only history of actions.
        """
        CREATE TABLE folder (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,
            created REAL NOT NULL
        );
        CREATE TABLE clip (
            id INTEGER PRIMARY KEY,
            folder_id INTEGER NOT NULL REFERENCES folder(id),
            path TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('video', 'photo')),
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime REAL NOT NULL,
            decision TEXT CHECK (decision IN ('like', 'delete', 'skip')),
            state TEXT NOT NULL DEFAULT 'present' CHECK (state IN ('present', 'missing', 'applied'))
        );
        CREATE UNIQUE INDEX clip_path ON clip(folder_id, path) WHERE state != 'applied';
        CREATE INDEX clip_identity ON clip(folder_id, device, inode);
        CREATE TABLE action (
            id INTEGER PRIMARY KEY,
            folder_id INTEGER NOT NULL REFERENCES folder(id),
            kind TEXT NOT NULL CHECK (kind IN ('decide', 'previous', 'undo', 'apply')),
            clip_id INTEGER REFERENCES clip(id),
            decision TEXT,
            replaced TEXT,
            at REAL NOT NULL
        );
        CREATE INDEX action_folder ON action(folder_id, id);
        """,
        // 2: a row is one file as the user saw it. Its identity (device,
        // inode, size, mtime) no longer changes under a decision: a
        // different file under the same name is a new row, and the old row
        // (missing) keeps its decision for when that file reappears. So only
        // present rows need unique paths. `problem` is what the window
        // learned about the file (it cannot be played, and why); it belongs
        // to this identity and so clears itself when the file changes.
        """
        DROP INDEX clip_path;
        CREATE UNIQUE INDEX clip_path ON clip(folder_id, path) WHERE state = 'present';
        ALTER TABLE clip ADD COLUMN problem TEXT;
        """,
        // 3: a row's file is known by its bytes too (`Fingerprint`), so
        // its decision follows it when the device or inode numbers change
        // (a card mounted on another device, FAT's unstable inodes) and
        // never passes to another file that takes those numbers. Device,
        // inode and mtime are a fast hint, brought up to date by a sync.
        """
        ALTER TABLE clip ADD COLUMN fingerprint TEXT;
        """,
        // 4: XMP sidecars Flick rated (`Sidecars`): for a clip's path, the
        // rating its sidecar had before Flick wrote one (NULL: none),
        // whether the sidecar existed at all, and the rating Flick wrote —
        // what removing the decision restores, and how Flick knows the
        // rating in a sidecar is its own.
        """
        CREATE TABLE sidecar (
            folder_id INTEGER NOT NULL REFERENCES folder(id),
            path TEXT NOT NULL,
            original TEXT,
            existed INTEGER NOT NULL,
            written TEXT NOT NULL,
            PRIMARY KEY (folder_id, path)
        );
        """,
        // 5: how the window last opened the folder: its clips only (0) or
        // its subfolders' too (1); NULL until the window opens it. The
        // window and the headless commands list the folder that way unless
        // told otherwise, so they see the same deck.
        """
        ALTER TABLE folder ADD COLUMN recursive INTEGER CHECK (recursive IN (0, 1));
        """,
        // 6: what stack analysis learned about a file (`Store+Analysis`),
        // under the file's identity — any folder it is seen in shares it,
        // and a changed file (another size or mtime) is analysed again:
        // the version of the analysis, the content hash when one was
        // needed, the fingerprint (or why there is none) as text.
        """
        CREATE TABLE analysis (
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime REAL NOT NULL,
            version INTEGER NOT NULL,
            content TEXT,
            print TEXT,
            PRIMARY KEY (device, inode, size, mtime)
        );
        """,
    ]

    static var version: Int { migrations.count }

    /// Brings `db` up to `version`; refuses a database from a newer Flick.
    static func migrate(_ db: Database) throws(StoreError) {
        let current = Int(try db.rows("PRAGMA user_version").first?.first?.int64 ?? 0)
        guard current <= version else {
            throw StoreError(.newerSchema(path: db.path, found: current, reads: version))
        }
        for index in current..<version {
            try db.transaction { () throws(StoreError) in
                try db.execute(migrations[index])
                try db.execute("PRAGMA user_version = \(index + 1)")
            }
        }
    }
}
