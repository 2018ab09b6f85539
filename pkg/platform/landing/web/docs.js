// Draws the API reference (/docs) with Swagger UI from the service's own
// OpenAPI document. Everything it loads comes from this service: the
// document, Swagger UI's files (served from the binary), and the calls
// "Try it out" makes. The document's servers name the address `make run`
// serves; the reference is served by the service itself, so its calls go
// back to the origin that served this page.
"use strict";
(function () {
  var root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: root.getAttribute("data-openapi"),
    domNode: root,
    deepLinking: true,
    displayOperationId: true,
    validatorUrl: null,
    requestInterceptor: function (req) {
      var u = new URL(req.url, window.location.href);
      if (u.origin !== window.location.origin) {
        req.url = window.location.origin + u.pathname + u.search;
      }
      return req;
    },
  });
})();
