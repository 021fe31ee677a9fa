package dev.sessiondata.server.config;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The OpenAPI document springdoc serves at {@code /v3/api-docs} (and that is committed as docs/openapi.json):
 * the API's description, its bearer-token scheme, and a relative server URL so the document is the same on
 * every host and port.
 */
@Configuration(proxyBeanMethods = false)
public class OpenApiConfiguration {

    static final String BEARER = "bearer";

    @Bean
    OpenAPI sessionDataOpenApi() {
        return new OpenAPI()
                .info(new Info()
                        .title("Session Data Service")
                        .version("v1")
                        .description("""
                                Stores session contexts as opaque bytes tagged with the serializer that wrote them \
                                (Content-Type application/vnd.sessiondata.<serializer-id>), with versions (ETag, \
                                If-Match, If-None-Match) and expiry. Every error is an RFC 9457 problem document \
                                (application/problem+json) whose type is one of urn:sessiondata:problem:*. Every \
                                response carries Session-Serializer-Active: the serializer new writes should use.""")
                        .license(new License().name("Apache-2.0")))
                .addServersItem(new Server().url("/"))
                .components(new Components().addSecuritySchemes(BEARER, new SecurityScheme()
                        .type(SecurityScheme.Type.HTTP)
                        .scheme("bearer")
                        .description("A token of sessiondata.security.clients; read tokens may GET and HEAD only.")))
                .addSecurityItem(new SecurityRequirement().addList(BEARER));
    }
}
