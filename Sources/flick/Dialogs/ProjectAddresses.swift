import Foundation

/// The project's public addresses, set once at build time (meson's
/// `homepage` and `bugtracker` options) and installed as
/// `PREFIX/share/flick/resources/addresses`: `key=value` lines. The same
/// options fill the metainfo and the package's Homepage:, so About never
/// names an address the build did not. A missing file or an empty value
/// (a source-tree run, or a build that set none) leaves the link out.
struct ProjectAddresses {
    var homepage: String?
    var bugtracker: String?

    static let fileName = "addresses"

    /// The addresses installed beside Flick's other resources.
    static func installed(in resources: URL = ResourceLocator.shared.resources) -> ProjectAddresses {
        guard let text = try? String(contentsOf: resources.appendingPathComponent(fileName), encoding: .utf8) else {
            return ProjectAddresses()
        }
        return parse(text)
    }

    /// `key=value` lines; unknown keys, blank values and other lines are ignored.
    static func parse(_ text: String) -> ProjectAddresses {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if !value.isEmpty { values[String(line[..<equals])] = value }
        }
        return ProjectAddresses(homepage: values["homepage"], bugtracker: values["bugtracker"])
    }
}
