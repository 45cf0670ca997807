# The shared cache in front of the REST API and the GraphQL gateway (docs/deploy.md, "Shared
# cache"). It keeps what the apps mark public (anonymous catalog reads: s-maxage, and
# stale-while-revalidate as grace), files each answer under the apps' Surrogate-Key through the
# xkey vmod (Debian's varnish-modules), passes every signed-in request, and drops the keys a
# write names when an app sends PURGE (CACHE_PURGE_URL) from loopback or a private network.
vcl 4.1;

import xkey;

# `rest` and `graphql`, found on vcl_path: compose/backends.vcl in the image names the
# services; the tests and the bench write one naming loopback ports.
include "backends.vcl";

# Who may purge: the apps, on loopback or the compose network (private ranges).
acl purgers {
    "localhost";
    "127.0.0.1";
    "::1";
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
    "fc00::"/7;
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey) {
            return (synth(400, "PURGE needs an xkey header naming the keys to drop"));
        }
        set req.http.x-purged = xkey.purge(req.http.xkey);
        return (synth(200, "Purged " + req.http.x-purged));
    }
    if (req.url ~ "^/graphql") {
        set req.backend_hint = graphql;
    } else {
        set req.backend_hint = rest;
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Signed in: a token, or the web page's session cookie (Clerk's __session).
    if (req.http.Authorization || req.http.Cookie ~ "(^|;\s*)__session=") {
        return (pass);
    }
    # The apps read no cookie: an anonymous request's cookies would only split the cache.
    unset req.http.Cookie;
    return (hash);
}

sub vcl_backend_response {
    # xkey files the object under the keys of its `xkey` header.
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    # Only what the apps mark public is kept (signed-in answers are private, errors no-store):
    # Varnish's built-in rules then take s-maxage as the TTL and stale-while-revalidate as grace.
    if (beresp.http.Cache-Control !~ "(^|,)\s*public") {
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
}

sub vcl_deliver {
    # The keys are for this cache; clients need neither copy.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
