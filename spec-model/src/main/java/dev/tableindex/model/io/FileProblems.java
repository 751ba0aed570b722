package dev.tableindex.model.io;

import java.io.FileNotFoundException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.regex.Pattern;

/**
 * Why a file could not be read or written, in plain words for a message that already names the file: never an
 * exception's class name, an object's identity hash ({@code …StandardScheme@38386568}) or a stack of causes.
 */
public final class FileProblems {
    /** A qualified Java class name (with its {@code $Inner} and {@code @hash}), as exception texts quote them. */
    private static final Pattern CLASS_NAME = Pattern.compile("\\b(?:[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_]*(?:\\$[A-Za-z0-9_]+)*(?:@[0-9a-f]+)?:? ?");
    private static final Pattern IDENTITY_HASH = Pattern.compile("@[0-9a-f]{6,}");

    private FileProblems() {
    }

    /** What went wrong, from the exception and its causes. */
    public static String describe(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String known = known(t);
            if (known != null) {
                return known;
            }
        }
        String message = failure.getMessage() == null ? "" : failure.getMessage();
        String words = IDENTITY_HASH.matcher(CLASS_NAME.matcher(message).replaceAll("")).replaceAll("")
                .lines().findFirst().orElse("").strip();
        if (words.isEmpty()) {
            return "it could not be read";
        }
        return words.length() <= 200 ? words : words.substring(0, 200) + "…";
    }

    private static String known(Throwable t) {
        String name = t.getClass().getSimpleName();
        String message = t.getMessage() == null ? "" : t.getMessage();
        if (t instanceof NoSuchFileException || t instanceof FileNotFoundException && !message.contains("denied")) {
            return "no such file or folder";
        }
        if (t instanceof AccessDeniedException || t instanceof FileNotFoundException) {
            return "permission denied";
        }
        if (t instanceof FileAlreadyExistsException) {
            return "it already exists";
        }
        if (t instanceof NotDirectoryException) {
            return "a part of the path is a file, not a folder";
        }
        if (t instanceof DirectoryNotEmptyException) {
            return "the folder is not empty";
        }
        if (t instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason().toLowerCase(java.util.Locale.ROOT);
        }
        if (name.equals("InvalidAvroMagicException")) {
            return "not an Avro file (it does not start with Avro's magic bytes)";
        }
        if (message.contains("is not a Parquet file")) {
            return "not a Parquet file (no Parquet magic bytes at its end)";
        }
        if (t.getClass().getName().startsWith("org.apache.parquet.")) {
            return "not a readable Parquet file (its footer or a page is damaged)";
        }
        if (t.getClass().getName().startsWith("org.apache.avro.")) {
            return "not a readable Avro file (its header or a block is damaged)";
        }
        return null;
    }
}
