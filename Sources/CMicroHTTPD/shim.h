#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_connection_info are variadic, which Swift cannot call: these
// take the one shape of each call pokedex makes.

// A daemon on a socket already listening, its options given as one array.
static inline struct MHD_Daemon *pokedex_mhd_start(
    unsigned int flags, MHD_AccessHandlerCallback handler, void *handler_cls,
    const struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls, MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

// The connection's socket, or -1.
static inline int pokedex_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

// The peer's address, or NULL.
static inline const struct sockaddr *pokedex_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}
