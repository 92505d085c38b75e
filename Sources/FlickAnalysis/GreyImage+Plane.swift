/// A grey picture made straight from a decoder's luma plane.
extension GreyImage {
    /// `plane` (`width` × `height` samples, `stride` samples a row)
    /// averaged down to `toWidth` × `toHeight` (each at most its own) and
    /// divided by `divisor` (1 for 8-bit samples; 4 for 10-bit ones, so
    /// that every depth reads on the 0–255 scale): the same areas as
    /// `init(grey:…)`, summed in integers a row at a time (each row's
    /// samples added into one sum a column, a loop the compiler
    /// vectorises), so a 1080p frame costs a fraction of a millisecond.
    init<Sample: FixedWidthInteger & UnsignedInteger>(plane: UnsafePointer<Sample>, width: Int, height: Int, stride: Int,
                                                       toWidth: Int, toHeight: Int, divisor: Float = 1) {
        precondition(toWidth >= 1 && toHeight >= 1 && toWidth <= width && toHeight <= height && Sample.bitWidth <= 16)
        var columns = [UInt32](repeating: 0, count: width)
        var pixels = [Float](repeating: 0, count: toWidth * toHeight)
        // Each cell's first column: x lies in cell x * toWidth / width.
        let cellStarts = (0...toWidth).map { cell in (cell * width + toWidth - 1) / toWidth }
        var rowStart = 0
        for cellRow in 0..<toHeight {
            var rowEnd = rowStart
            while rowEnd < height, rowEnd * toHeight / height == cellRow { rowEnd += 1 }
            columns.withUnsafeMutableBufferPointer { columns in
                columns.update(repeating: 0)
                for y in rowStart..<rowEnd {
                    let row = plane + y * stride
                    for x in 0..<width { columns[x] &+= UInt32(truncatingIfNeeded: row[x]) }
                }
                for cell in 0..<toWidth {
                    var sum: UInt64 = 0
                    for x in cellStarts[cell]..<cellStarts[cell + 1] { sum += UInt64(columns[x]) }
                    let count = (cellStarts[cell + 1] - cellStarts[cell]) * (rowEnd - rowStart)
                    pixels[cellRow * toWidth + cell] = count > 0 ? Float(sum) / Float(count) / divisor : 0
                }
            }
            rowStart = rowEnd
        }
        self.init(width: toWidth, height: toHeight, pixels: pixels)
    }

    /// This picture enlarged to `toWidth` × `toHeight` (each at least its
    /// own), each pixel repeated: a clip smaller than the print's square.
    func repeated(toWidth: Int, toHeight: Int) -> GreyImage {
        var out = [Float](repeating: 0, count: toWidth * toHeight)
        for y in 0..<toHeight {
            for x in 0..<toWidth { out[y * toWidth + x] = pixels[(y * height / toHeight) * width + x * width / toWidth] }
        }
        return GreyImage(width: toWidth, height: toHeight, pixels: out)
    }
}
