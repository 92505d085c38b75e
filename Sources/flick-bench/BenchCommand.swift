import ArgumentParser
import FlickCore
import Foundation

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flick-bench",
        abstract: "Flick's benchmarks.",
        subcommands: []
    )
}
