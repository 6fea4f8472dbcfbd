import CZlib

/// gzip through zlib, for the search index's files (Pagefind writes each one gzipped).
/// What it writes is the same for the same bytes: zlib's gzip header carries no time or name.
enum Gzip {
    /// The bytes inside one gzip member; nil when they are not gzip or are cut short.
    static func decompress(_ input: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        // 16 + MAX_WBITS: a gzip wrapper, not zlib's own.
        guard inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(4096, input.count * 4))
        var status: Int32 = Z_OK
        input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    output += buffer[..<(buffer.count - Int(stream.avail_out))]
                }
            } while status == Z_OK && (stream.avail_in > 0 || stream.avail_out == 0)
        }
        // A second member, or bytes after the first, is not a file Pagefind wrote.
        return status == Z_STREAM_END && stream.avail_in == 0 ? output : nil
    }

    /// The bytes in one gzip member, at zlib's strongest level.
    static func compress(_ input: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        let started = deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
                                    ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        precondition(started == Z_OK, "zlib could not start deflating")
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 32)
        let written = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                // The bound is room for all of it: one call finishes the stream.
                let status = deflate(&stream, Z_FINISH)
                precondition(status == Z_STREAM_END, "zlib did not finish within deflateBound")
                return target.count - Int(stream.avail_out)
            }
        }
        return Array(output[..<written])
    }
}
