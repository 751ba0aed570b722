package dev.tableindex.model.index;

import java.util.ArrayList;
import java.util.List;

/**
 * Opens every file of an index as a reader does: the size first (recorded in the manifest, else a
 * HEAD request), then one range read. A Lance index file is read from its footer, which needs the
 * size; the reference's {@code index.idx} is small and read whole in that one range.
 */
public final class IndexOpener {
    private IndexOpener() {
    }

    /** What opening took, as the opener counts its own requests. */
    public record Opened(int headRequests, int readRequests, int filesOpened, List<byte[]> contents) {
    }

    /** Opens the files of every segment of {@code index}, under {@code _indices/<uuid>/}. */
    public static Opened open(ObjectStore store, IndexCatalog.Index index) {
        int heads = 0;
        List<byte[]> contents = new ArrayList<>();
        for (IndexCatalog.Segment segment : index.segments()) {
            for (IndexCatalog.FileRef file : segment.files()) {
                String path = "_indices/" + segment.uuid() + "/" + file.path();
                long size;
                if (file.recordedSize().isPresent()) {
                    size = file.recordedSize().getAsLong();
                } else {
                    size = store.head(path);
                    heads++;
                }
                contents.add(store.readRange(path, 0, Math.toIntExact(size)));
            }
        }
        return new Opened(heads, contents.size(), contents.size(), List.copyOf(contents));
    }
}
