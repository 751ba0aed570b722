package dev.tableindex.tck.api;

/**
 * What an engine offers for one {@link Capability}. Each facet method is one operation of the
 * engine protocol (docs/protocol.md) and takes and returns its protobuf messages, so an
 * in-process engine and an out-of-process one are driven the same way.
 */
public interface Facet {
}
