import Foundation

/// Flick's one logger: unbuffered lines on stderr, filtered by `FLICK_LOG`.
///
/// `FLICK_LOG=debug|info|warning|error` (default `warning`). Every layer logs
/// through this instead of `print`, so nothing is lost to a pipe's buffer
/// when the process is killed.
///
/// ```swift
/// Log.info("opened \(folder.path)", category: "app")
/// ```
public enum Log {
    public enum Level: Int, Comparable, Sendable, CaseIterable {
        case debug, info, warning, error

        public var name: String {
            switch self {
            case .debug: "debug"
            case .info: "info"
            case .warning: "warning"
            case .error: "error"
            }
        }

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        /// Parses a `FLICK_LOG` value; unknown values fall back to `.warning`.
        public init(environment value: String?) {
            self = Level.allCases.first { $0.name == value?.lowercased() } ?? .warning
        }
    }

    /// The lowest level written, read once from `FLICK_LOG`.
    public static let threshold = Level(environment: ProcessInfo.processInfo.environment["FLICK_LOG"])

    /// Formats one log line (exposed for tests).
    public static func line(_ level: Level, _ category: String, _ message: String) -> String {
        "flick[\(level.name)] \(category): \(message)\n"
    }

    public static func write(_ level: Level, _ message: @autoclosure () -> String, category: String) {
        guard level >= threshold else { return }
        FileHandle.standardError.write(Data(line(level, category, message()).utf8))
    }

    public static func debug(_ message: @autoclosure () -> String, category: String = "flick") {
        write(.debug, message(), category: category)
    }

    public static func info(_ message: @autoclosure () -> String, category: String = "flick") {
        write(.info, message(), category: category)
    }

    public static func warning(_ message: @autoclosure () -> String, category: String = "flick") {
        write(.warning, message(), category: category)
    }

    public static func error(_ message: @autoclosure () -> String, category: String = "flick") {
        write(.error, message(), category: category)
    }

    /// Milliseconds since the process started (from /proc/self/stat), for
    /// the launch's phase lines.
    public static func millisecondsSinceStart() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return .nan }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // Field 22 (starttime, clock ticks after boot) is the 20th after the name.
        guard fields.count > 19, let ticks = Double(fields[19]) else { return .nan }
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        let uptime = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        return (uptime - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))) * 1000
    }

    /// One phase of opening a folder, at debug level, stamped with the time
    /// since the process started: `FLICK_LOG=debug` shows where a launch goes.
    public static func phase(_ message: @autoclosure () -> String) {
        guard Level.debug >= threshold else { return }
        var cpu = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu)
        let threadCPU = (Double(cpu.tv_sec) + Double(cpu.tv_nsec) / 1e9) * 1000
        write(.debug, String(format: "+%.0f ms (this thread's CPU %.0f ms) ", millisecondsSinceStart(), threadCPU) + message(), category: "launch")
    }
}
