package dev.tableindex.tck.engine;

import dev.tableindex.proto.tck.ApplyTableOperationRequest;
import dev.tableindex.proto.tck.ApplyTableOperationResult;
import dev.tableindex.proto.tck.CompareKeysRequest;
import dev.tableindex.proto.tck.CountRowsRequest;
import dev.tableindex.proto.tck.CountRowsResult;
import dev.tableindex.proto.tck.DescribeIndexesRequest;
import dev.tableindex.proto.tck.DescribeIndexesResult;
import dev.tableindex.proto.tck.CompareKeysResult;
import dev.tableindex.proto.tck.EncodeKeyRequest;
import dev.tableindex.proto.tck.EncodeKeyResult;
import dev.tableindex.proto.tck.BuildListIndexRequest;
import dev.tableindex.proto.tck.BuildListIndexResult;
import dev.tableindex.proto.tck.QueryListIndexRequest;
import dev.tableindex.proto.tck.QueryListIndexResult;
import dev.tableindex.proto.tck.ReadIndexMetadataRequest;
import dev.tableindex.proto.tck.ReadIndexMetadataResult;
import dev.tableindex.proto.tck.Request;
import dev.tableindex.proto.tck.Result;
import dev.tableindex.proto.tck.ValidateIndexMetadataRequest;
import dev.tableindex.proto.tck.ValidateIndexMetadataResult;
import dev.tableindex.tck.api.AnyElementEvaluator;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.api.EngineUnsupported;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.IcebergIndexCommits;
import dev.tableindex.tck.api.IcebergIndexCreation;
import dev.tableindex.tck.api.IcebergIndexMetadata;
import dev.tableindex.tck.api.IcebergIndexBuilding;
import dev.tableindex.tck.api.IcebergIndexQuerying;
import dev.tableindex.tck.api.IcebergIndexEncryption;
import dev.tableindex.tck.api.IndexOpening;
import dev.tableindex.tck.api.IndexV2Support;
import dev.tableindex.tck.api.ListIndexFileReading;
import dev.tableindex.tck.api.ListIndexFileWriting;
import dev.tableindex.tck.api.TableListElementIndexing;
import dev.tableindex.tck.api.ListIndexSegmentAdding;
import dev.tableindex.tck.api.KeyEncoder;
import dev.tableindex.tck.api.ListElementIndexer;
import dev.tableindex.tck.api.ManifestReading;
import dev.tableindex.tck.api.RetriedCommits;
import dev.tableindex.tck.api.TableLifecycle;
import dev.tableindex.tck.api.TckEngine;
import java.util.function.Function;

/**
 * The one place that maps facets to protocol operations, both ways: a client-side facet that sends
 * requests ({@link #clientFacet}), and the server-side dispatch of a request to a facet
 * ({@link #dispatch}). A new capability adds one case to each.
 */
final class ProtocolOps {
    private ProtocolOps() {
    }

    /** A facet whose calls become requests sent through {@code send}. */
    static <F extends Facet> F clientFacet(Class<F> type, Function<Request.Builder, Result> send) {
        Capability capability = Capability.forFacet(type)
                .orElseThrow(() -> new IllegalArgumentException("no capability has facet " + type.getName()));
        Facet facet = switch (capability) {
            case MANIFEST_READ -> (ManifestReading) request ->
                    send.apply(Request.newBuilder().setReadManifest(request)).getReadManifest();
            case KEY_ENCODING -> new KeyEncoder() {
                @Override
                public EncodeKeyResult encodeKey(EncodeKeyRequest request) {
                    return send.apply(Request.newBuilder().setEncodeKey(request)).getEncodeKey();
                }

                @Override
                public CompareKeysResult compareKeys(CompareKeysRequest request) {
                    return send.apply(Request.newBuilder().setCompareKeys(request)).getCompareKeys();
                }
            };
            case ANY_ELEMENT -> (AnyElementEvaluator) request ->
                    send.apply(Request.newBuilder().setEvaluateAnyElement(request)).getEvaluateAnyElement();
            case LIST_ELEMENT_INDEX -> new ListElementIndexer() {
                @Override
                public BuildListIndexResult buildListIndex(BuildListIndexRequest request) {
                    return send.apply(Request.newBuilder().setBuildListIndex(request)).getBuildListIndex();
                }

                @Override
                public QueryListIndexResult queryListIndex(QueryListIndexRequest request) {
                    return send.apply(Request.newBuilder().setQueryListIndex(request)).getQueryListIndex();
                }
            };
            case TABLE_LIFECYCLE -> new TableLifecycle() {
                @Override
                public ApplyTableOperationResult apply(ApplyTableOperationRequest request) {
                    return send.apply(Request.newBuilder().setApplyTableOperation(request)).getApplyTableOperation();
                }

                @Override
                public DescribeIndexesResult describeIndexes(DescribeIndexesRequest request) {
                    return send.apply(Request.newBuilder().setDescribeIndexes(request)).getDescribeIndexes();
                }

                @Override
                public CountRowsResult countRows(CountRowsRequest request) {
                    return send.apply(Request.newBuilder().setCountRows(request)).getCountRows();
                }
            };
            case TABLE_RETRIED_COMMITS -> (RetriedCommits) request ->
                    send.apply(Request.newBuilder().setApplyStaleTableOperation(request)).getApplyStaleTableOperation();
            // A declaration only: its behaviour shows in the table.lifecycle operations.
            case INDEX_V2 -> new IndexV2Support() {
            };
            // A declaration only: its indexes come from table.lifecycle's create_index.
            case TABLE_LIST_ELEMENT_INDEX -> new TableListElementIndexing() {
            };
            // A declaration only: its requests are build_list_index's.
            case LIST_ELEMENT_INDEX_SEGMENTS -> new ListIndexSegmentAdding() {
            };
            // A declaration only: its files come from build_list_index with index_directory.
            case LIST_ELEMENT_INDEX_FILES -> new ListIndexFileWriting() {
            };
            // A declaration only: its files go to query_list_index in segments[].index_directory.
            case LIST_ELEMENT_INDEX_READ_FILES -> new ListIndexFileReading() {
            };
            case INDEX_OPEN_REQUESTS -> (IndexOpening) request ->
                    send.apply(Request.newBuilder().setOpenIndex(request)).getOpenIndex();
            case ICEBERG_INDEX_METADATA -> new IcebergIndexMetadata() {
                @Override
                public ValidateIndexMetadataResult validateIndexMetadata(ValidateIndexMetadataRequest request) {
                    return send.apply(Request.newBuilder().setValidateIndexMetadata(request)).getValidateIndexMetadata();
                }

                @Override
                public ReadIndexMetadataResult readIndexMetadata(ReadIndexMetadataRequest request) {
                    return send.apply(Request.newBuilder().setReadIndexMetadata(request)).getReadIndexMetadata();
                }
            };
            case ICEBERG_INDEX_COMMIT -> (IcebergIndexCommits) request ->
                    send.apply(Request.newBuilder().setCommitIndexUpdates(request)).getCommitIndexUpdates();
            case ICEBERG_INDEX_CREATE -> (IcebergIndexCreation) request ->
                    send.apply(Request.newBuilder().setCreateIcebergIndex(request)).getCreateIcebergIndex();
            // Iceberg index data
            case ICEBERG_INDEX_BUILD -> (IcebergIndexBuilding) request ->
                    send.apply(Request.newBuilder().setBuildIcebergIndex(request)).getBuildIcebergIndex();
            case ICEBERG_INDEX_QUERY -> (IcebergIndexQuerying) request ->
                    send.apply(Request.newBuilder().setQueryIcebergIndex(request)).getQueryIcebergIndex();
            case ICEBERG_INDEX_ENCRYPTION -> (IcebergIndexEncryption) request -> send.apply(
                    Request.newBuilder().setBuildEncryptedIcebergIndex(request)).getBuildEncryptedIcebergIndex();
        };
        return type.cast(facet);
    }

    /** Runs one request against an engine's facets. */
    static Result dispatch(Request request, TckEngine engine) {
        return switch (request.getOpCase()) {
            case READ_MANIFEST -> Result.newBuilder()
                    .setReadManifest(engine.facet(ManifestReading.class).readManifest(request.getReadManifest()))
                    .build();
            case ENCODE_KEY -> Result.newBuilder()
                    .setEncodeKey(engine.facet(KeyEncoder.class).encodeKey(request.getEncodeKey())).build();
            case COMPARE_KEYS -> Result.newBuilder()
                    .setCompareKeys(engine.facet(KeyEncoder.class).compareKeys(request.getCompareKeys())).build();
            case EVALUATE_ANY_ELEMENT -> Result.newBuilder().setEvaluateAnyElement(
                    engine.facet(AnyElementEvaluator.class).evaluateAnyElement(request.getEvaluateAnyElement())).build();
            case BUILD_LIST_INDEX -> Result.newBuilder().setBuildListIndex(
                    engine.facet(ListElementIndexer.class).buildListIndex(request.getBuildListIndex())).build();
            case QUERY_LIST_INDEX -> Result.newBuilder().setQueryListIndex(
                    engine.facet(ListElementIndexer.class).queryListIndex(request.getQueryListIndex())).build();
            case APPLY_TABLE_OPERATION -> Result.newBuilder().setApplyTableOperation(
                    engine.facet(TableLifecycle.class).apply(request.getApplyTableOperation())).build();
            case DESCRIBE_INDEXES -> Result.newBuilder().setDescribeIndexes(
                    engine.facet(TableLifecycle.class).describeIndexes(request.getDescribeIndexes())).build();
            case COUNT_ROWS -> Result.newBuilder().setCountRows(
                    engine.facet(TableLifecycle.class).countRows(request.getCountRows())).build();
            case OPEN_INDEX -> Result.newBuilder().setOpenIndex(
                    engine.facet(IndexOpening.class).openIndex(request.getOpenIndex())).build();
            case VALIDATE_INDEX_METADATA -> Result.newBuilder().setValidateIndexMetadata(engine.facet(
                    IcebergIndexMetadata.class).validateIndexMetadata(request.getValidateIndexMetadata())).build();
            case READ_INDEX_METADATA -> Result.newBuilder().setReadIndexMetadata(engine.facet(
                    IcebergIndexMetadata.class).readIndexMetadata(request.getReadIndexMetadata())).build();
            case COMMIT_INDEX_UPDATES -> Result.newBuilder().setCommitIndexUpdates(engine.facet(
                    IcebergIndexCommits.class).commitIndexUpdates(request.getCommitIndexUpdates())).build();
            // Iceberg index data
            case BUILD_ICEBERG_INDEX -> Result.newBuilder().setBuildIcebergIndex(
                    engine.facet(IcebergIndexBuilding.class).buildIcebergIndex(request.getBuildIcebergIndex())).build();
            case QUERY_ICEBERG_INDEX -> Result.newBuilder().setQueryIcebergIndex(
                    engine.facet(IcebergIndexQuerying.class).queryIcebergIndex(request.getQueryIcebergIndex())).build();
            case APPLY_STALE_TABLE_OPERATION -> Result.newBuilder().setApplyStaleTableOperation(
                    engine.facet(RetriedCommits.class).applyStale(request.getApplyStaleTableOperation())).build();
            case BUILD_ENCRYPTED_ICEBERG_INDEX -> Result.newBuilder().setBuildEncryptedIcebergIndex(engine.facet(
                    IcebergIndexEncryption.class).buildEncryptedIcebergIndex(request.getBuildEncryptedIcebergIndex())).build();
            // Iceberg index writers
            case CREATE_ICEBERG_INDEX -> Result.newBuilder().setCreateIcebergIndex(
                    engine.facet(IcebergIndexCreation.class).createIcebergIndex(request.getCreateIcebergIndex())).build();
            case OP_NOT_SET -> throw new EngineUnsupported("request " + request.getId() + " names no operation");
        };
    }
}
