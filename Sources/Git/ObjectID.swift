internal import CGit2

/// A git object id (a commit, a tree, a tag), as its 40-character lowercase hex name.
package struct ObjectID: Hashable, Sendable, CustomStringConvertible {
    package let hex: String

    /// `nil` when `hex` is not 40 hex digits.
    package init?(hex: String) {
        guard hex.utf8.count == 40, hex.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) })
        else { return nil }
        self.hex = hex
    }

    /// The first 10 characters, as git shows abbreviated ids.
    package var short: String { String(hex.prefix(10)) }
    package var description: String { hex }

    init(_ oid: git_oid) {
        var copy = oid
        var buffer = [CChar](repeating: 0, count: 40)
        git_oid_fmt(&buffer, &copy)
        hex = String(decoding: buffer.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    init(_ pointer: UnsafePointer<git_oid>) {
        self.init(pointer.pointee)
    }

    var oid: git_oid {
        var oid = git_oid()
        _ = git_oid_fromstr(&oid, hex)
        return oid
    }
}
