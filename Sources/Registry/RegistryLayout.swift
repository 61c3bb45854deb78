import Foundation

/// Where each answer of a static registry lives in the exported folder, and how a web server maps a
/// request to it. The same rules serve nginx (`nginxDirectives`) and `compose registry serve`:
///
/// ```
/// GET /{scope}/{name}                           {scope}/{name}.json                 releases (4.1)
/// GET /{scope}/{name}/{version}                 {scope}/{name}/{version}.json       release metadata (4.2)
/// GET /{scope}/{name}/{version}/Package.swift   {scope}/{name}/{version}/Package.swift  manifest (4.3)
/// GET /{scope}/{name}/{version}.zip             {scope}/{name}/{version}.zip        source archive (4.4)
/// GET /identifiers?url=https://host/path.git    identifiers/https/host/path.git.json  lookup (4.5)
/// (anything else)                               .problem/404.json, status 404, problem details
/// ```
package enum RegistryLayout {
    /// The manifest of the last export: which releases it wrote, with their checksums.
    package static let manifestName = ".compose-registry-manifest"
    /// The problem-details document answered with every 404.
    package static let notFoundFile = ".problem/404.json"

    package static func packageFile(_ identity: RegistryIdentity) -> String {
        "\(identity.scope)/\(identity.name).json"
    }

    package static func releaseFile(_ identity: RegistryIdentity, _ version: String) -> String {
        "\(identity.scope)/\(identity.name)/\(version).json"
    }

    package static func archiveFile(_ identity: RegistryIdentity, _ version: String) -> String {
        "\(identity.scope)/\(identity.name)/\(version).zip"
    }

    package static func manifestFile(_ identity: RegistryIdentity, _ version: String, _ name: String) -> String {
        "\(identity.scope)/\(identity.name)/\(version)/\(name)"
    }

    /// The file answering `/identifiers?url=URL`: `identifiers/<scheme>/<rest of the URL>.json`, the
    /// slashes after the scheme's colon dropped. Nil for a URL without a scheme (`git@host:a/b`), with
    /// a `..` or an empty segment, or with a character outside letters, digits and `-._~:/@+%=`:
    /// such a URL gets no lookup file (the nginx rules refuse the same URLs).
    package static func identifiersFile(forURL url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = url[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) })
        else { return nil }
        var rest = url[url.index(after: colon)...]
        guard rest.hasPrefix("/") else { return nil }
        while rest.hasPrefix("/") { rest = rest.dropFirst() }
        let allowed = Set("-._~:/@+%=")
        guard !rest.isEmpty,
            rest.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || allowed.contains($0)) }),
            !rest.split(separator: "/", omittingEmptySubsequences: false).contains(where: {
                $0.isEmpty || $0 == "." || $0 == ".."
            })
        else { return nil }
        return "identifiers/\(scheme)/\(rest).json"
    }

    /// The URLs a package is looked up by: each git URL as the spec writes it, and its spelling with
    /// or without `.git` (SwiftPM compares a manifest's URL as written).
    package static func lookupSpellings(of url: String) -> [String] {
        url.hasSuffix(".git") ? [url, String(url.dropLast(4))] : [url, url + ".git"]
    }

    /// The `server { … }` directives that make nginx a read-only registry of an exported folder (its
    /// `root`): the content types and `Content-Version: 1` SwiftPM checks, the file of each answer,
    /// the identifiers lookup from the query, and problem details on a 404. Nothing but files and
    /// headers. docs/registry.md shows them in a whole configuration.
    package static let nginxDirectives = #"""
        # compose registry: a static Swift package registry (SE-0292).
        error_page 404 /.problem/404.json;
        location / {
            types { application/json json; application/zip zip; text/x-swift swift; }
            default_type application/octet-stream;
            add_header Content-Version 1 always;
            try_files $uri.json $uri =404;
        }
        location ~ ^/\.compose { return 404; }
        location = /identifiers {
            if ($arg_url ~ "(^|/)\.\.?(/|$)|//.*//") { return 404; }
            if ($arg_url ~ "^(?<lookup_scheme>[A-Za-z][A-Za-z0-9+.-]*):/+(?<lookup_rest>[-A-Za-z0-9._~:/@+%=]+)$") {
                rewrite ^ /identifiers/$lookup_scheme/$lookup_rest last;
            }
            return 404;
        }
        location = /.problem/404.json {
            internal;
            types { }
            default_type application/problem+json;
            add_header Content-Version 1 always;
        }
        """#
}
