package dev.tableindex.tck.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.shaded.org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.gaul.shaded.org.eclipse.jetty.server.Handler;
import org.gaul.shaded.org.eclipse.jetty.server.Request;
import org.gaul.shaded.org.eclipse.jetty.server.Response;
import org.gaul.shaded.org.eclipse.jetty.server.Server;
import org.gaul.shaded.org.eclipse.jetty.util.Callback;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStoreContext;
import org.jclouds.filesystem.FilesystemApiMetadata;

/**
 * The kit's own S3-compatible object store: S3Proxy (embedded Jetty) over a folder, on 127.0.0.1 only,
 * with a request log kept by the server itself. Each bucket is a sub-folder of the store's folder and
 * each object a file, so the kit publishes a table by copying its folder into a bucket.
 *
 * <p>Requests must be signed (AWS signature V2 or V4, S3Proxy checks them) with the static credentials
 * {@link #ACCESS_KEY}/{@link #SECRET_KEY}, which the kit hands every client (so that no client looks for
 * credentials of its own: environment, profile files, instance metadata). {@link StoreGate} decides what is
 * served: read-only unless started writable, nothing outside the folder.
 */
public final class KitStore implements AutoCloseable {
    public static final String ACCESS_KEY = "tck-access-key";
    public static final String SECRET_KEY = "tck-secret-key";
    public static final String REGION = "us-east-1";
    /** Jetty's thread pool: small, the kit's clients are one engine at a time. */
    private static final int MAX_THREADS = 16;
    private static final String BEGUN = KitStore.class.getName() + ".begun";

    private final Path root;
    private final S3Proxy proxy;
    private final BlobStoreContext context;
    private final RequestLog log = new RequestLog();
    private boolean closed;

    private KitStore(Path root, int port, boolean writable) throws Exception {
        this.root = root;
        Properties properties = new Properties();
        properties.setProperty("jclouds.filesystem.basedir", root.toString());
        // The API's metadata, not the provider's id: looking a provider up by id loads every provider S3Proxy
        // registers, and the cloud ones' libraries are left out of the kit.
        this.context = ContextBuilder.newBuilder(new FilesystemApiMetadata()).overrides(properties).build(BlobStoreContext.class);
        this.proxy = S3Proxy.builder()
                .blobStore(context.getBlobStore())
                .endpoint(URI.create("http://127.0.0.1:" + port))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                .jettyMaxThreads(MAX_THREADS)
                .build();
        Server server = jettyServer(proxy);
        Handler s3 = server.getHandler();
        if (s3 instanceof ServletContextHandler context) {
            context.setErrorHandler(new S3Errors.ForServlet());
        }
        server.setErrorHandler(new S3Errors.ForServer());
        server.setHandler(new Handler.Wrapper(new StoreGate(s3, root, writable)) {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                request.setAttribute(BEGUN, Boolean.TRUE);
                log.begin();
                return super.handle(request, response, callback);
            }
        });
        server.setRequestLog(this::record);
    }

    /**
     * Starts a read-only store over {@code root} (created if missing) on 127.0.0.1:{@code port}; port 0 picks a
     * free one.
     */
    public static KitStore start(Path root, int port) {
        return start(root, port, false);
    }

    /** As {@link #start(Path, int)}; {@code writable} also accepts PUT and DELETE of objects. */
    public static KitStore start(Path root, int port, boolean writable) {
        KitStore store = null;
        try {
            Files.createDirectories(root);
            store = new KitStore(root, port, writable);
            store.proxy.start();
            return store;
        } catch (Exception e) {
            if (store != null) {
                store.close();
            }
            throw new IllegalStateException("cannot start the kit's S3 store on 127.0.0.1:" + port + ": " + e, e);
        }
    }

    /** {@code http://127.0.0.1:<port>}. */
    public String endpoint() {
        return "http://127.0.0.1:" + proxy.getPort();
    }

    public Path root() {
        return root;
    }

    public RequestLog log() {
        return log;
    }

    /** Creates the bucket (a folder) if it does not exist; its objects are the files under it. */
    public Path bucket(String name) {
        if (!name.matches("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]")) {
            throw new IllegalArgumentException("not an S3 bucket name: '" + name + "'");
        }
        try {
            return Files.createDirectories(root.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            proxy.stop();
        } catch (Exception e) {
            // The server is going away either way; nothing a caller could do.
        } finally {
            context.close();
        }
    }

    private void record(Request request, Response response) {
        // Path style: /bucket/key...; the raw (still encoded) path, decoded once here.
        String path = request.getHttpURI().getDecodedPath();
        String trimmed = path.startsWith("/") ? path.substring(1) : path;
        int slash = trimmed.indexOf('/');
        String bucket = slash < 0 ? trimmed : trimmed.substring(0, slash);
        String key = slash < 0 ? "" : trimmed.substring(slash + 1);
        String query = request.getHttpURI().getQuery();
        String range = request.getHeaders().get("Range");
        log.add(new StoreRequest(request.getMethod(), bucket, key, query == null ? "" : query,
                range == null ? "" : range, response.getStatus(), Response.getContentBytesWritten(response)),
                request.getAttribute(BEGUN) != null);
    }

    /** S3Proxy keeps its Jetty server private; the request log is Jetty's own hook, set before start. */
    private static Server jettyServer(S3Proxy proxy) {
        try {
            Field field = S3Proxy.class.getDeclaredField("server");
            field.setAccessible(true);
            return (Server) field.get(proxy);
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("this S3Proxy release has no Jetty server field to log requests on", e);
        }
    }
}
