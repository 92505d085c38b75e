import FlickCore
import FlickStore
import Foundation

/// Words for what went wrong, from the libraries' error values.
enum Problems {
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as FolderError: error.description
        case let error as StoreError: error.description
        case let error as CustomStringConvertible: error.description
        default: String(describing: error)
        }
    }
}
