package dev.tableindex.model.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A simulated object store over a local folder that counts what an object store would bill as
 * requests: size (HEAD) requests and range reads. Goal 2 of lance-index-v2-design.md: with the size
 * recorded in the manifest, opening an index file needs no HEAD request.
 */
public final class CountingObjectStore implements ObjectStore {
    private final Path root;
    private int headRequests;
    private int readRequests;

    public CountingObjectStore(Path root) {
        this.root = root;
    }

    @Override
    public long head(String path) {
        headRequests++;
        try {
            return Files.size(root.resolve(path));
        } catch (IOException e) {
            throw new UncheckedIOException("HEAD " + path, e);
        }
    }

    @Override
    public byte[] readRange(String path, long offset, int length) {
        readRequests++;
        try (FileChannel channel = FileChannel.open(root.resolve(path), StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.allocate(length);
            while (buffer.hasRemaining() && channel.read(buffer, offset + buffer.position()) >= 0) {
                // keep reading until the range is filled or the object ends
            }
            if (buffer.hasRemaining()) {
                throw new IOException("range [" + offset + ", " + (offset + length) + ") runs past the end");
            }
            return buffer.array();
        } catch (IOException e) {
            throw new UncheckedIOException("GET " + path, e);
        }
    }

    public int headRequests() {
        return headRequests;
    }

    public int readRequests() {
        return readRequests;
    }
}
