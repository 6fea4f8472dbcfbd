import Testing
@testable import BlogpagerCore

/// Which execution a build gets: plain for an ordinary blog, spilling what it holds once its
/// sources pass a few megabytes, the large archive's tactics past an eighth of memory.
struct BuildExecutionTests {
    let disk = OutputFolder("/tmp/out", in: .disk)
    let gigabyte: UInt64 = 1 << 30

    @Test func aSmallBlogIsBuiltPlainInMemory() {
        let execution = BuildExecutionChoice.automatic.execution(sourceBytes: 200_000, output: disk, memory: 24 * gigabyte)
        #expect(execution.kind == .plain)
        #expect(execution.spillFolder == nil)
    }

    @Test func thousandsOfEntriesSpillWhatTheyHold() {
        let execution = BuildExecutionChoice.automatic.execution(sourceBytes: 40 << 20, output: disk, memory: 24 * gigabyte)
        #expect(execution.kind == .plain)
        #expect(execution.spillFolder == disk.state.path)
    }

    @Test func aLargeArchiveGetsItsTactics() {
        let execution = BuildExecutionChoice.automatic.execution(sourceBytes: 1 << 30, output: disk, memory: 24 * gigabyte)
        #expect(execution.kind == .largeArchive)
        #expect(BuildExecutionChoice.plain.execution(sourceBytes: 1 << 30, output: disk, memory: 24 * gigabyte).kind == .plain)
        #expect(BuildExecutionChoice.largeArchive.execution(sourceBytes: 10, output: disk, memory: 24 * gigabyte).kind == .largeArchive)
    }

    @Test func aSiteInMemoryNeverSpills() {
        let memory = OutputFolder("/out", in: .memory())
        let execution = BuildExecutionChoice.largeArchive.execution(sourceBytes: 1 << 30, output: memory, memory: 24 * gigabyte)
        #expect(execution.kind == .plain)
        #expect(execution.spillFolder == nil)
    }
}
