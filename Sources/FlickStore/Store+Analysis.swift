import FlickCore

/// What stack analysis learned about one file, as the store keeps it: the
/// analysis version that made it, the file's content hash (when a file of
/// the same size needed one) and its fingerprint as text. The store does
/// not read either; `FlickAnalysis` writes and reads them.
public struct StoredAnalysis: Sendable, Equatable {
    public let version: Int
    public let content: String?
    public let print: String?

    public init(version: Int, content: String?, print: String?) {
        self.version = version
        self.content = content
        self.print = print
    }
}

/// Analysis results, kept under each file's identity (device, inode, size,
/// mtime): a folder opened again, or the same file seen from another
/// folder, needs no work; a file changed in place is another identity.
extension Store {
    /// The stored result of each identity, nil where there is none or it
    /// was made by another `version`.
    public func analyses(for identities: [FileIdentity], version: Int) throws(StoreError) -> [StoredAnalysis?] {
        var found: [StoredAnalysis?] = []
        found.reserveCapacity(identities.count)
        for identity in identities {
            var row: StoredAnalysis?
            try db.forEachRow("SELECT version, content, print FROM analysis WHERE device = ? AND inode = ? AND size = ? AND mtime = ?",
                              identity.device, identity.inode, identity.size, identity.mtime) { sql in
                guard sql.int64(0) == Int64(version) else { return }
                row = StoredAnalysis(version: version, content: sql.string(1), print: sql.string(2))
            }
            found.append(row)
        }
        return found
    }

    /// Keeps `results` (replacing what each identity had), in one transaction.
    public func saveAnalyses(_ results: [(identity: FileIdentity, analysis: StoredAnalysis)]) throws(StoreError) {
        guard !results.isEmpty else { return }
        try db.transaction { () throws(StoreError) in
            for (identity, analysis) in results {
                try db.run("INSERT OR REPLACE INTO analysis(device, inode, size, mtime, version, content, print) VALUES (?, ?, ?, ?, ?, ?, ?)",
                           identity.device, identity.inode, identity.size, identity.mtime, analysis.version, analysis.content, analysis.print)
            }
        }
    }
}
