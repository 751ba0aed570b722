package dev.tableindex.model.iceberg.commit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/**
 * The kit's file catalog (docs/decisions/0011): the pointer of index {@code name} in folder {@code catalog}
 * is the file {@code <name>.metadata-location}, holding the current metadata file's location (UTF-8, no
 * newline). A swap holds the lock file {@code <name>.lock}, created exclusively (atomic on local file
 * systems, across processes), compares the pointer's content with the expected name, replaces the pointer
 * by an atomic move and removes the lock. A lock older than {@link #STALE_LOCK} is left by a crashed writer
 * and is broken.
 */
public final class FileMetadataPointer implements MetadataPointer {
    static final Duration STALE_LOCK = Duration.ofSeconds(30);
    private static final Duration LOCK_WAIT = Duration.ofSeconds(60);

    private final Path pointer;
    private final Path lock;

    public FileMetadataPointer(Path catalog, String indexName) {
        this.pointer = catalog.resolve(indexName + ".metadata-location");
        this.lock = catalog.resolve(indexName + ".lock");
    }

    /** The pointer file. */
    public Path pointerFile() {
        return pointer;
    }

    @Override
    public Optional<String> current() {
        try {
            return Files.exists(pointer)
                    ? Optional.of(Files.readString(pointer, StandardCharsets.UTF_8))
                    : Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public boolean compareAndSwap(Optional<String> expected, String next) {
        acquireLock();
        try {
            if (!current().equals(expected)) {
                return false;
            }
            Path temp = pointer.resolveSibling(pointer.getFileName() + "." + UUID.randomUUID() + ".tmp");
            Files.writeString(temp, next, StandardCharsets.UTF_8);
            Files.move(temp, pointer, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            releaseLock();
        }
    }

    private void acquireLock() {
        long deadline = System.nanoTime() + LOCK_WAIT.toNanos();
        while (true) {
            try {
                Files.createDirectories(lock.getParent());
                Files.createFile(lock);
                return;
            } catch (FileAlreadyExistsException held) {
                breakIfStale();
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("could not take the commit lock " + lock + " within " + LOCK_WAIT);
                }
                Thread.onSpinWait();
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting for the commit lock " + lock, e);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private void breakIfStale() {
        try {
            if (System.currentTimeMillis() - Files.getLastModifiedTime(lock).toMillis() > STALE_LOCK.toMillis()) {
                Files.deleteIfExists(lock);
            }
        } catch (IOException gone) {
            // released meanwhile
        }
    }

    private void releaseLock() {
        try {
            Files.deleteIfExists(lock);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
