# The apps as compose names them (compose.yaml): the image puts this file beside default.vcl,
# which includes it. Tests and the bench write their own (loopback ports) instead.
backend rest {
    .host = "rest-api";
    .port = "3000";
}

backend graphql {
    .host = "graphql-gateway";
    .port = "4000";
}
