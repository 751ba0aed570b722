package dev.tableindex.engines.lance;

import dev.tableindex.proto.tck.ObjectStoreLocation;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.lance.Dataset;
import org.lance.ReadOptions;

/**
 * Lance opening a table over S3 at the kit's store (docs/object-store.md). Every option that could make its
 * S3 client look beyond the given endpoint is set: static credentials and region (no credential chain), the
 * instance-metadata endpoint on a closed loopback port, path-style requests over plain HTTP. The engine's
 * process also runs with {@code AWS_EC2_METADATA_DISABLED=true} and without proxy variables
 * ({@link LanceEngineProvider#command}).
 */
final class S3Tables {
    /** Port 9 (discard) on loopback: nothing listens, so even a stray metadata lookup stays on this machine. */
    static final String NO_METADATA_ENDPOINT = "http://127.0.0.1:9";

    private S3Tables() {
    }

    static Dataset open(BufferAllocator allocator, ObjectStoreLocation location) {
        if (!location.getEndpoint().startsWith("http://127.0.0.1:")) {
            throw new ArrowRows.BadInput("the object store must be the kit's, on http://127.0.0.1: "
                    + location.getEndpoint());
        }
        return Dataset.open(allocator, uri(location),
                new ReadOptions.Builder().setStorageOptions(storageOptions(location)).build());
    }

    static String uri(ObjectStoreLocation location) {
        return "s3://" + location.getBucket() + "/" + location.getPrefix();
    }

    static Map<String, String> storageOptions(ObjectStoreLocation location) {
        return Map.of(
                "aws_endpoint", location.getEndpoint(),
                "aws_region", location.getRegion(),
                "aws_access_key_id", location.getAccessKeyId(),
                "aws_secret_access_key", location.getSecretAccessKey(),
                "aws_virtual_hosted_style_request", "false",
                "allow_http", "true",
                "aws_metadata_endpoint", NO_METADATA_ENDPOINT);
    }
}
