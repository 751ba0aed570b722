package dev.tableindex.model.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Folders that files are written into. */
public final class Folders {
    private Folders() {
    }

    /**
     * {@link Files#createDirectories}, first asking whether the folder is there: that call tries to create it and,
     * when it exists, throws and catches an exception with its stack trace, for every file a scenario writes.
     */
    public static Path ensure(Path folder) throws IOException {
        return Files.isDirectory(folder) ? folder : Files.createDirectories(folder);
    }
}
