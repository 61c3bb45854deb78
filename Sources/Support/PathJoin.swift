/// The one way compose joins the parts of a file path held as text: the parts with one `/` between
/// each two, as written. Nothing is resolved or normalized (`..`, an empty part and a `/` at either end
/// stay what they were), so it is `parent + "/" + child` said once. A URL is joined by its own rules
/// (`URL.appendingPathComponent`), never by this.
package func joinedPath(_ parent: String, _ child: String, _ more: String...) -> String {
    ([parent, child] + more).joined(separator: "/")
}
