package dev.tableindex.tck.store;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import org.gaul.shaded.org.eclipse.jetty.server.Handler;
import org.gaul.shaded.org.eclipse.jetty.server.Request;
import org.gaul.shaded.org.eclipse.jetty.server.Response;
import org.gaul.shaded.org.eclipse.jetty.util.Callback;

/**
 * What the kit's store serves, decided before S3Proxy sees a request (docs/object-store.md, "What the store refuses"):
 * <ul>
 *   <li>read-only unless started writable: only {@code GET} and {@code HEAD}; writable adds {@code PUT} and
 *       {@code DELETE} of one object, nothing else (no bucket creation or deletion, multipart uploads, copies or
 *       sub-resources: S3's {@code NotImplemented});</li>
 *   <li>only what lies inside the store's folder: a path that resolves outside it, through {@code ..} or a symbolic
 *       link, is refused, and so is a listing of a bucket that holds a link to a folder (it could lead outside, or
 *       round in a loop) or outside the folder.</li>
 * </ul>
 * An unsigned request is refused here (S3Proxy would serve it as anonymous); signatures are S3Proxy's to check (AWS
 * V2 or V4, with the store's credentials). Every refusal is S3's own code and XML body.
 */
final class StoreGate extends Handler.Wrapper {
    private final Path root;
    private final boolean writable;

    StoreGate(Handler handler, Path root, boolean writable) throws IOException {
        super(handler);
        this.root = root.toRealPath();
        this.writable = writable;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        String method = request.getMethod();
        String path = request.getHttpURI().getDecodedPath();
        String trimmed = path == null ? "" : path.startsWith("/") ? path.substring(1) : path;
        int slash = trimmed.indexOf('/');
        String bucket = slash < 0 ? trimmed : trimmed.substring(0, slash);
        String key = slash < 0 ? "" : trimmed.substring(slash + 1);
        String query = request.getHttpURI().getQuery();
        boolean signedByQuery = query != null && (query.contains("X-Amz-Algorithm=") || query.contains("AWSAccessKeyId="));
        if (request.getHeaders().get("Authorization") == null && !signedByQuery) {
            // S3Proxy would answer an unsigned GET as an anonymous one, and serve the folder's files as public
            return S3Errors.send(request, response, callback, 403, "AccessDenied",
                    "requests must be signed with the store's credentials (tck serve-store prints them)");
        }
        boolean read = method.equals("GET") || method.equals("HEAD");
        if (!read) {
            if (!writable) {
                return S3Errors.send(request, response, callback, 403, "AccessDenied",
                        "this store is read-only (tck serve-store --writable allows PUT and DELETE of objects)");
            }
            boolean oneObject = (method.equals("PUT") || method.equals("DELETE")) && !bucket.isEmpty() && !key.isEmpty()
                    && query == null && request.getHeaders().get("x-amz-copy-source") == null;
            if (!oneObject) {
                return S3Errors.send(request, response, callback, 501, "NotImplemented",
                        "the kit's store takes PUT and DELETE of one object only (no buckets, multipart uploads, copies"
                                + " or sub-resources)");
            }
        }
        if (!bucket.isEmpty()) {
            String refusal = outside(bucket, key);
            if (refusal == null && key.isEmpty() && method.equals("GET")) {
                refusal = linkInListing(root.resolve(bucket));
            }
            if (refusal != null) {
                return S3Errors.send(request, response, callback, 403, "AccessDenied", refusal);
            }
        }
        return super.handle(request, response, callback);
    }

    /** Why {@code bucket/key} is not inside the store's folder, or null when it is. */
    private String outside(String bucket, String key) {
        Path target;
        try {
            target = root.resolve(bucket).resolve(key).normalize();
        } catch (InvalidPathException e) {
            return "the key is not a path the store can have";
        }
        if (!target.startsWith(root) || target.equals(root)) {
            return "the key leads outside the store's folder";
        }
        Path existing = target;
        while (!Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        try {
            if (!existing.toRealPath().startsWith(root)) {
                return "the key leads outside the store's folder (through a symbolic link)";
            }
        } catch (IOException e) {
            return "the key leads through a symbolic link that points nowhere";
        }
        return null;
    }

    /** Why a listing of {@code bucketFolder} could leave it (a link to a folder, or to outside), or null. */
    private String linkInListing(Path bucketFolder) throws IOException {
        if (!Files.isDirectory(bucketFolder, LinkOption.NOFOLLOW_LINKS)) {
            return null; // no such bucket, or one reached through a link (refused above when it leads outside)
        }
        String[] found = new String[1];
        Files.walkFileTree(bucketFolder, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (attributes.isSymbolicLink()) {
                    try {
                        Path target = file.toRealPath();
                        if (!target.startsWith(root) || Files.isDirectory(target)) {
                            found[0] = root.relativize(file).toString();
                            return FileVisitResult.TERMINATE;
                        }
                    } catch (IOException e) {
                        return FileVisitResult.CONTINUE; // a dangling link lists as nothing
                    }
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE;
            }
        });
        return found[0] == null ? null
                : "the bucket holds a symbolic link to a folder or to outside the store's folder (" + found[0] + "); it is not listed";
    }
}
