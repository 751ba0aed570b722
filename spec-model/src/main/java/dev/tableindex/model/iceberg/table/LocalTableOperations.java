package dev.tableindex.model.iceberg.table;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.apache.iceberg.LocationProviders;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.LocationProvider;

/**
 * A minimal file-system catalog for one Iceberg table: {@code metadata/v<N>.metadata.json} written by Iceberg's
 * own {@link TableMetadataParser}, and {@code metadata/version-hint.text} naming the current one (the layout of
 * Iceberg's Hadoop tables, without Hadoop). Commits are compare-and-swap on the version number.
 */
final class LocalTableOperations implements TableOperations {
    private final Path root;
    private final LocalFileIO io = new LocalFileIO();
    private TableMetadata current;
    private int version;

    LocalTableOperations(Path root) {
        this.root = root.toAbsolutePath();
    }

    @Override
    public TableMetadata current() {
        if (current == null) {
            refresh();
        }
        return current;
    }

    @Override
    public synchronized TableMetadata refresh() {
        Path hint = metadataDir().resolve("version-hint.text");
        if (!Files.exists(hint)) {
            current = null;
            version = 0;
            return null;
        }
        int hinted;
        try {
            hinted = Integer.parseInt(Files.readString(hint).trim());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // a metadata file is written once under a new version number, so the same version is the same metadata
        // (as Iceberg's HadoopTableOperations has it): parsed again only when the hint names another version
        if (current == null || hinted != version) {
            current = TableMetadataParser.read(io, metadataFile(hinted).toString());
            version = hinted;
        }
        return current;
    }

    @Override
    public synchronized void commit(TableMetadata base, TableMetadata metadata) {
        TableMetadata latest = refresh();
        if (latest != base && (latest == null || base == null
                || !latest.metadataFileLocation().equals(base.metadataFileLocation()))) {
            throw new CommitFailedException("table %s changed since the writer read it", root);
        }
        int next = version + 1;
        Path file = metadataFile(next);
        if (Files.exists(file)) {
            throw new CommitFailedException("metadata version %d of %s already exists", next, root);
        }
        TableMetadataParser.write(metadata, io.newOutputFile(file.toString()));
        writeHint(next);
        refresh();
    }

    private void writeHint(int next) {
        Path hint = metadataDir().resolve("version-hint.text");
        Path temp = metadataDir().resolve(".version-hint." + next + ".tmp");
        try {
            Files.writeString(temp, Integer.toString(next), StandardCharsets.UTF_8);
            try {
                Files.move(temp, hint, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, hint, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public FileIO io() {
        return io;
    }

    @Override
    public String metadataFileLocation(String fileName) {
        return metadataDir().resolve(fileName).toString();
    }

    @Override
    public LocationProvider locationProvider() {
        return LocationProviders.locationsFor(current().location(), current().properties());
    }

    private Path metadataDir() {
        return root.resolve("metadata");
    }

    private Path metadataFile(int v) {
        return metadataDir().resolve("v" + v + ".metadata.json");
    }
}
