package dev.tableindex.tck.cli;

import dev.tableindex.tck.store.KitStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code tck serve-store DIR}: the kit's S3 store over a folder, by hand (docs/object-store.md). Prints where
 * it is, then one line per request it answers, until stdin closes or Ctrl-C.
 */
@Command(name = "serve-store", mixinStandardHelpOptions = true,
        description = {"Serve DIR over S3 on 127.0.0.1 (each sub-folder a bucket, each file an object) and print"
                + " every request; stops when stdin closes or on Ctrl-C.", "See docs/object-store.md."})
final class ServeStoreCommand implements Callable<Integer> {
    @Parameters(paramLabel = "DIR", description = "Folder to serve; created if missing, never deleted.")
    Path root;

    @Option(names = "--port", description = "Port on 127.0.0.1 (default: any free port).")
    int port;

    @Option(names = "--bucket", description = "Bucket (sub-folder of DIR) to create (default: ${DEFAULT-VALUE}).")
    String bucket = "tck";

    @Option(names = "--writable", description = "also accept PUT and DELETE of objects (default: read-only)")
    boolean writable;

    @Override
    public Integer call() throws IOException {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--port must be 0..65535, not " + port);
        }
        PrintStream out = System.out;
        KitStore store = KitStore.start(root.toAbsolutePath(), port, writable);
        Thread shutdown = new Thread(store::close, "tck-serve-store-stop");
        Runtime.getRuntime().addShutdownHook(shutdown);
        try {
            store.bucket(bucket);
            out.println("endpoint:           " + store.endpoint());
            out.println("bucket:             " + bucket + "  (folder " + root.toAbsolutePath().resolve(bucket) + ")");
            out.println("region:             " + KitStore.REGION);
            out.println("access key id:      " + KitStore.ACCESS_KEY);
            out.println("secret access key:  " + KitStore.SECRET_KEY + "  (every request must be signed with these, AWS V2 or V4)");
            out.println("access:             " + (writable ? "read and write (GET, HEAD; PUT and DELETE of objects)"
                    : "read-only (GET, HEAD; --writable adds PUT and DELETE of objects)"));
            out.println("addressing:         path-style over plain HTTP, e.g. s3://" + bucket + "/<table folder>");
            out.println("stop:               close stdin (Ctrl-D) or Ctrl-C");
            out.println("requests:");
            out.flush();
            store.log().onRequest(request -> {
                out.println("  " + request.line());
                out.flush();
            });
            InputStream in = System.in;
            byte[] buffer = new byte[256];
            while (in.read(buffer) != -1) {
                // input is ignored: the store runs until stdin closes
            }
        } finally {
            store.close();
            try {
                Runtime.getRuntime().removeShutdownHook(shutdown);
            } catch (IllegalStateException e) {
                // already shutting down (Ctrl-C): the hook closes the store
            }
        }
        return 0;
    }
}
