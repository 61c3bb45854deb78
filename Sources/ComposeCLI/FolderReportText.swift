import Support

extension FolderReport {
    /// `3 written, 1 removed, 12 unchanged`: what an export did to its folder, as every command that
    /// writes one says it (`repo export`, its `--site`, `registry export`, `publish --export`).
    var counts: String { "\(written.count) written, \(removed.count) removed, \(unchanged) unchanged" }
}
